"""The sources of the Lithuanian and Romanian lists (issue 39; imported by ``nordic.py``): the
Hunspell dictionary of each Debian package and how each list is bounded. data/words/README.md
says why. wordfreq has only its ``small`` lists for both (words down to Zipf about 3): every word
it knows is everyday, so no family endings lift a form.

Both are expanded to their forms by ``hunspell.py`` (spylls 0.1.7: Hunspell's ``unmunch`` cannot
read their AF flag aliases). Lithuanian is made without its be- te- tebe- (besi- tebesi-) verb
prefixes: "still", "let him", "still let him" go before every verb form and make 19M forms.
"""

from __future__ import annotations

import re

HUNSPELL = {"lt": "usr/share/hunspell/lt_LT", "ro": "usr/share/hunspell/ro_RO"}
# Words longer than this are kept only when wordfreq knows them: Lithuanian's forms run long
# (participles of prefixed verbs, "neišsiskiriančiaisiais"), Romanian's articled plurals
# ("administratorilor"); the bounds keep each list near 2 MB packed (README).
MAX_LETTERS = {"lt": 8, "ro": 11}
# Lithuanian prefixes the list is made without (the whole prefix, as the .aff adds it).
DROPPED_PREFIXES = {"lt": re.compile(r"^(be|te|tebe|besi|tebesi)$")}
