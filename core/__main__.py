"""``python -m core``: the command line (see core.cli for the interface)."""

from core.cli import main

raise SystemExit(main())
