"""The sources of the Italian, Swedish, Danish, Norwegian (Bokmål), Indonesian, Czech, Croatian
and Hungarian lists (issue 39; imported by build_lists.py): which file of which Debian package,
how each list is bounded, and the family endings of their everyday Zipf. data/words/README.md
says why each was chosen.

Italian, Swedish, Danish, Indonesian, Czech, Croatian and Hungarian are Hunspell dictionaries
expanded to their forms (``hunspell.py``, Hungarian's by ``hungarian.py``; needs spylls);
Norwegian is Debian's plain ``wnorwegian`` list (ISO-8859-1).
Every list keeps only forms written all in lowercase (a capital marks a name or an
abbreviation), folded by ``core.languages``, of 2 to ``MAX_LETTERS`` letters.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import lt_ro
from offensive import words_of

# The Hunspell dictionary of each language, inside its unpacked Debian package (dpkg-deb -x).
HUNSPELL = {
    "it": "usr/share/hunspell/it_IT",
    "sv": "usr/share/hunspell/sv_SE",
    "da": "usr/share/hunspell/da_DK",
    "id": "usr/share/hunspell/id_ID",
    "cs": "usr/share/hunspell/cs_CZ",
    "hr": "usr/share/hunspell/hr_HR",
    "hu": "usr/share/hunspell/hu_HU",
    **lt_ro.HUNSPELL,
    "ru": "usr/share/hunspell/ru_RU",
}
PLAIN = {
    "no": ("usr/share/dict/bokmaal", "iso-8859-1"),  # wnorwegian
    "uk": ("usr/share/dict/ukrainian", "utf-8"),  # wukrainian
}
# The longest words kept: the Scandinavian lists run to long compounds ("dokumentarredaksjonens")
# and Italian to verbs with a pronoun ("rimpolparlo"); words longer than this are almost never
# on a board, and the bound keeps each list's share of the repository near 1.9 MB packed. A
# longer word wordfreq knows is kept ("probabilmente", "förhoppningsvis"): ``frequent``.
# Czech inflects into 3.3M forms: 8 letters and the longer words wordfreq knows make 615K
# (data/words/README.md); Croatian's 1.0M forms, 13 letters. Hungarian 10: its suffixes stack
# into long forms, and even bounded by meaning (hungarian.py) its forms of 11 and 12 letters
# would nearly double the list.
MAX_LETTERS = {
    **{"it": 12, "sv": 14, "da": 14, "no": 14, "id": 14, "cs": 8, "hr": 13, "hu": 10},
    **lt_ro.MAX_LETTERS,
}
MAX_LETTERS |= {"ru": 13, "uk": 13}
# wordfreq's code and list where they differ from ours: Bokmål is "nb"; Danish, Indonesian and
# Hungarian have only the "small" list (words down to Zipf 3, about 30,000 of them); Croatian is
# in its Serbo-Croatian "sh" (small).
WORDFREQ = {
    "no": ("nb", "large"),
    "da": ("da", "small"),
    "id": ("id", "small"),
    "hr": ("sh", "small"),
    "hu": ("hu", "small"),
}

# Suffixes a list is made without. Italian verbs with two clitic pronouns ("portandoglielo",
# "dateceli"; one pronoun stays: "mangiarlo", "dimmi"). Indonesian's clitic pronouns and
# particles (-ku -mu -nya, -lah -kah -pun: "rumahnya", "pergilah"), written on to any word as
# English writes "my", "the" or a question mark apart; KBBI lists words without them (but see
# ``PARTICLES``).
DROPPED_SUFFIXES = {
    "it": re.compile(r"(me|te|ce|ve|se|glie)(l[aeio]|ne)$"),
    "id": re.compile(r"(ku|mu|nya|lah|kah|pun)$", re.IGNORECASE),
}
# Forms a dictionary's rules make that are no words: ru_RU's rules written for "е" also take the
# "ё" twins of their stems: neuter nouns ("бельё" -> "бельёа", "бельёом": the real forms are
# "белья", "бельём"; "остриёу") and short adjectives ("мудрёен", "краснощёок": "мудрён").
DROPPED_FORMS = {"ru": re.compile(r"[ьи]ё(а|е|у|ом)$|ё(ен|ок)$")}
# Lists whose expansion is checked form by form against the dictionary's own spell check:
# Indonesian's affix rules (a suffix naming the prefix it needs) make forms it refuses.
CHECKED = {"id"}


def frequent(lang: Any) -> set[str]:
    """The folded words of wordfreq's list for a bounded language (empty for the others); needs
    wordfreq, in the build venv."""
    if lang.code not in MAX_LETTERS:
        return set()
    import wordfreq

    return {w for w in map(lang.fold, wordfreq.get_frequency_dict(*frequency_list(lang.code))) if w}


def drop_affix(code: str, affix: Any) -> bool:
    """Whether a language's list is made without this affix of its dictionary."""
    suffix = type(affix).__name__ == "Suffix"
    pattern = (DROPPED_SUFFIXES if suffix else lt_ro.DROPPED_PREFIXES).get(code)
    return pattern is not None and bool(pattern.search(affix.add))


def source_forms(code: str, directory: Path) -> list[str]:
    """The lowercase forms of the language's source (the unpacked package ``directory``), kept
    in ``directory/forms-<code>.txt`` for the next command (``words``, then ``spellings``);
    delete it to expand again."""
    kept = directory / f"forms-{code}.txt"
    if kept.is_file():
        forms = kept.read_text(encoding="utf-8").split()
    else:
        forms = _expanded(code, directory)
        kept.write_text("\n".join(forms) + "\n", encoding="utf-8")
    if code in DROPPED_FORMS:
        forms = [f for f in forms if not DROPPED_FORMS[code].search(f)]
    return forms + common_with_particles(code, directory, forms)


# The Indonesian words with a particle that are words of their own ("lainnya" the others,
# "semuanya" all of it, "sayangnya" unfortunately): a form with one of the dropped suffixes is
# kept when wordfreq knows it and the dictionary's spell check accepts it.
PARTICLES = {"id": ("nya", "lah", "kah", "ku", "mu", "pun")}


def common_with_particles(code: str, directory: Path, forms: list[str]) -> list[str]:
    if code == "hu":
        return common_chains(directory, forms)
    if code not in PARTICLES:
        return []
    import hunspell
    import wordfreq

    known = set(wordfreq.get_frequency_dict(*WORDFREQ[code]))
    made = {form + end for form in forms for end in PARTICLES[code]} & known
    dic = hunspell.dictionary(directory / HUNSPELL[code])
    return sorted(w for w in made if dic.lookup(w))


def common_chains(directory: Path, forms: list[str]) -> list[str]:
    """The Hungarian words wordfreq knows that the bound by meaning left out ("alapján" on the
    basis of, "számomra" for me: a possessive with a case), kept when written in lowercase and
    the dictionary's spell check accepts them (it refuses the lowercased names: "budapest")."""
    import hunspell
    import wordfreq

    have = set(forms)
    known = [w for w in wordfreq.get_frequency_dict(*WORDFREQ["hu"]) if w not in have]
    dic = hunspell.dictionary(directory / HUNSPELL["hu"])
    return sorted(w for w in known if w == w.lower() and w.isalpha() and dic.lookup(w))


def _expanded(code: str, directory: Path) -> list[str]:
    if code in PLAIN:
        name, encoding = PLAIN[code]
        lines = (directory / name).read_text(encoding=encoding).splitlines()
        return [line for line in lines if line == line.lower()]
    import hungarian
    import hunspell  # beside this file; needs spylls

    dic = hunspell.dictionary(directory / HUNSPELL[code])
    if code == "hu":  # bounded by what each suffix means, and by length as it goes (hungarian.py)
        import wordfreq

        known = set(wordfreq.get_frequency_dict(*WORDFREQ[code]))
        longest = MAX_LETTERS[code]
        aff = directory / (HUNSPELL[code] + ".aff")
        made = set(hungarian.forms(dic, aff, lambda w: len(w) <= longest or w in known))
    else:
        made = set(hunspell.forms(dic, lambda affix: drop_affix(code, affix)))
    made -= hunspell.forbidden(dic)
    if code in lt_ro.MAX_LETTERS:  # bounded while made: Lithuanian's forms are millions
        from core.languages import language

        lang = language(code)
        longest, known = lt_ro.MAX_LETTERS[code], frequent(lang)
        made = {w for w in made if len(w) <= longest or lang.fold(w) in known}
    lowercase = sorted(w for w in made if w == w.lower())
    return [w for w in lowercase if dic.lookup(w)] if code in CHECKED else lowercase


def frequency_list(code: str) -> tuple[str, str]:
    """wordfreq's code and list for a language: ``large`` where it has one, else ``small``
    (Bokmål is its ``nb``)."""
    import wordfreq

    if code in WORDFREQ:
        return WORDFREQ[code]
    return code, "large" if code in wordfreq.available_languages("large") else "small"


def check(sources: dict[str, Path], sample: int) -> None:
    """``build_lists.py check``: Finnish and Turkish by ``agglutinative``, the Hunspell lists
    here (``spell_check``)."""
    import agglutinative

    agglutinative.check({code: d for code, d in sources.items() if code in ("fi", "tr")})
    for code, directory in sources.items():
        if code in HUNSPELL:
            print(spell_check(code, directory, sample))


def spell_check(code: str, directory: Path, sample: int) -> str:
    """The expansion (as ``source_forms`` gives it) checked by the dictionary's own spell check
    on a seeded sample (README)."""
    import hunspell

    dic = hunspell.dictionary(directory / HUNSPELL[code])
    accepted, drawn, refused = hunspell.check(dic, source_forms(code, directory), sample)
    return (
        f"{code}: {accepted} of {drawn} sampled forms accepted; refused: {' '.join(refused[:20])}"
    )


FAMILY_ENDINGS = {
    "it": words_of(
        "o a i e "  # gender and number
        "are ere ire o i a iamo ate ete ite ano ono "  # infinitives, present
        "avo avi ava avamo avate avano evo evi eva evamo evate evano ivo ivi iva ivamo ivate ivano "
        "ero erai era eremo erete eranno iro irai ira iremo irete iranno "  # future (accents folded)
        "erei eresti erebbe eremmo ereste erebbero irei iresti irebbe iremmo ireste irebbero "
        "ai asti ammo aste arono ei esti emmo este erono ii isti immo iste irono "
        "ato ata ati ate uto uta uti ute ito ita iti ite ando endo"
    ),
    "sv": words_of(
        "en et n t a na ar er or ns ets ens as s arna erna orna ornas arnas ernas "  # nouns
        "e are ast aste re ste "  # adjectives
        "ar er de te t d at it a ade ande ende s as es ades "  # verbs
    ),
    "da": words_of(
        "en et n t e er ne ene erne ernes ens ets es s "  # nouns
        "ere est este "  # adjectives
        "er ede te et t ende es edes "  # verbs
    ),
    "hu": words_of(
        "k ok ek ök ak t ot et öt at a e ja je i ai ei "  # plural, accusative, possessive
        "ban ben ba be ból ből ban ról ről ra re on en ön n nak nek val vel hoz hez höz tól től "
        "nál nél ig ért ként vá vé "  # cases
        "ni ok ek ök sz ol el öl unk ünk tok tek tök nak nek tam tem tad ted ta te tuk tük "
        "tak tek ott ett ött na ne ná né"  # verbs: infinitive, present, past, conditional
    ),
    "no": words_of(
        "en et a n t e er ene ers ens ets es s "  # nouns
        "ere est este "  # adjectives
        "er et te de ende es "  # verbs
    ),
    "ru": words_of(
        "а у е ом ой ою ы и ам ами ах ов ей ь я ю ям ями ях ем "  # nouns
        "ый ий ая яя ое ее ые ие ого его ому ему ым им ых их ую юю "  # adjectives
        "ть ю у ешь ет ем ете ут ют ишь ит им ите ат ят л ла ло ли ся сь"  # verbs
    ),
    "uk": words_of(
        "а у е ом ою ей і и ам ами ах ів ь я ю ям ями ях ові еві "  # nouns
        "ий ій а я е є і ого його ому ьому им ім их іх у ю "  # adjectives
        "ти ю у еш е емо ете уть єш є ємо єте ють иш ить имо ите ать ять в ла ло ли ся сь"  # verbs
    ),
}
