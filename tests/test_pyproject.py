"""pyproject.toml: the license in the form setuptools reads without a deprecation warning.

(Checked by reading the file: the install itself needs the network, which tests do not use. A fresh
``pip install -e '.[dev]'`` printed setuptools' ``project.license`` warning three times before.)
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"


def test_license_is_an_spdx_expression_and_the_build_reads_it() -> None:
    config = tomllib.loads(PYPROJECT.read_text())
    assert config["project"]["license"] == "MIT"
    (setuptools,) = [r for r in config["build-system"]["requires"] if r.startswith("setuptools")]
    least = re.fullmatch(r"setuptools>=(\d+)\S*", setuptools.replace(" ", ""))
    assert least is not None and int(least[1]) >= 77  # the first to take an SPDX expression
