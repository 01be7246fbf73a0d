"""Suffix rules: which lemmas an inflected word may be a form of ("walked" -> "walk", PAST).

They only propose: a candidate counts only when its lemma has an entry of the right kind, so a
rule never invents a word. Irregular forms come from the data's forms files. Rules read folded
words.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from core.definitions.model import FormKind, PartOfSpeech

K = FormKind
NOUN, VERB, ADJ = PartOfSpeech.NOUN, PartOfSpeech.VERB, PartOfSpeech.ADJECTIVE
MIN_LEMMA = 3  # shorter lemmas are mostly function words a chance ending would hit ("et")


@dataclass(frozen=True)
class Candidate:
    """A lemma a word may be a form of. ``pos``: the lemma's senses of that part of speech only
    (English); ``noun``: the lemma must be (True) or must not be (False) a capitalised German
    noun; ``unless``: dropped when this other lemma qualifies too ("hoped": "hope", not "hop");
    ``accented``: the kind when the lexicon spells the word with an accented ending (French
    "marché", PAST_PARTICIPLE, where "marche" is VERB_FORM)."""

    lemma: str
    kind: FormKind
    pos: PartOfSpeech | None = None
    noun: bool | None = None
    unless: str | None = None
    accented: FormKind | None = None


Rule = tuple[str, str, FormKind]  # ending, replacement, kind


def _rules(kind: FormKind, replacement: str, endings: str) -> list[Rule]:
    return [(ending, replacement, kind) for ending in endings.split()]


# --- English (after WordNet's morphy: each rule yields a lemma of one part of speech) ---------

EN_NOUN = [
    *_rules(K.PLURAL, "", "s"),
    ("ses", "s", K.PLURAL), ("xes", "x", K.PLURAL), ("zes", "z", K.PLURAL),
    ("ches", "ch", K.PLURAL), ("shes", "sh", K.PLURAL), ("oes", "o", K.PLURAL),
    ("ies", "y", K.PLURAL), ("men", "man", K.PLURAL), ("ves", "f", K.PLURAL),
    ("ves", "fe", K.PLURAL),
]  # fmt: skip
EN_VERB = [
    ("s", "", K.THIRD_PERSON), ("ies", "y", K.THIRD_PERSON), ("ses", "s", K.THIRD_PERSON),
    ("xes", "x", K.THIRD_PERSON), ("zes", "z", K.THIRD_PERSON), ("ches", "ch", K.THIRD_PERSON),
    ("shes", "sh", K.THIRD_PERSON), ("oes", "o", K.THIRD_PERSON),
    ("ed", "e", K.PAST), ("ed", "", K.PAST), ("ied", "y", K.PAST),
    ("ing", "e", K.PRESENT_PARTICIPLE), ("ing", "", K.PRESENT_PARTICIPLE),
]  # fmt: skip
EN_ADJ = [
    ("er", "e", K.COMPARATIVE), ("er", "", K.COMPARATIVE), ("ier", "y", K.COMPARATIVE),
    ("est", "e", K.SUPERLATIVE), ("est", "", K.SUPERLATIVE), ("iest", "y", K.SUPERLATIVE),
]  # fmt: skip
DOUBLED = "bdfgklmnprstvz"  # final consonants English doubles before -ed, -ing, -er, -est


def english(word: str) -> Iterator[Candidate]:
    for pos, rules in ((NOUN, EN_NOUN), (VERB, EN_VERB), (ADJ, EN_ADJ)):
        for ending, replacement, kind in rules:
            if not word.endswith(ending):
                continue
            stem = word[: -len(ending)]
            if ending == "s" and stem.endswith(("s", "u")):  # "glass", "bus" are no plurals
                continue
            if replacement == "" and ending in ("ed", "ing", "er", "est"):
                if len(stem) > 2 and stem[-1] == stem[-2] and stem[-1] in DOUBLED:
                    yield Candidate(stem[:-1], kind, pos)  # "hopped" -> "hop"
                yield Candidate(stem, kind, pos, unless=stem + "e")
            else:
                yield Candidate(stem + replacement, kind, pos)


# --- French ---------------------------------------------------------------------------------

_ER_FORMS = (
    "e es ent ons ez ais ait ions iez aient ai as a ames ates erent erai eras era erons erez "
    "eront erais erait erions eriez eraient asse asses at assions assiez assent"
)
_ER_E_FORMS = "e es ent erai eras era erons erez eront erais erait erions eriez eraient"
_ER_A_FORMS = "ons ais ait aient ai as a ames ates asse asses at assions assiez assent ant"
_IR_FORMS = (
    "is it issons issez issent issais issait issions issiez issaient imes ites irent irai iras "
    "ira irons irez iront irais irait irions iriez iraient isse isses ons ez ent ais ait aient "
    "ions iez"
)
_RE_FORMS = (
    "s ons ez ent ais ait ions iez aient is it imes ites irent rai ras ra rons rez ront rais "
    "rait rions riez raient e es"
)
FR = (
    _rules(K.PLURAL, "", "s x")
    + [("aux", "al", K.PLURAL), ("aux", "ail", K.PLURAL)]
    + _rules(K.FEMININE, "", "e")
    + _rules(K.FEMININE_PLURAL, "", "es")
    + [(f + e, m, k) for f, m in (("euse", "eur"), ("rice", "eur"), ("ive", "if"),
        ("enne", "en"), ("onne", "on"), ("elle", "el"), ("ette", "et"), ("ere", "er"),
        ("sse", "s"), ("che", "c"), ("ce", "x"), ("ue", "u"))
       for e, k in (("", K.FEMININE), ("s", K.FEMININE_PLURAL))]
    + _rules(K.VERB_FORM, "er", _ER_FORMS)
    + _rules(K.PAST_PARTICIPLE, "er", "ee ees")
    + _rules(K.PRESENT_PARTICIPLE, "er", "ant")
    + [(d + e, d[:-1] + "er", K.VERB_FORM) for d in ("ll", "tt") for e in _ER_E_FORMS.split()]
    + [("i" + e, "yer", K.VERB_FORM) for e in _ER_E_FORMS.split()]
    + [("ge" + e, "ger", K.VERB_FORM) for e in _ER_A_FORMS.split()]
    + _rules(K.VERB_FORM, "ir", _IR_FORMS)
    + _rules(K.PAST_PARTICIPLE, "ir", "i ie ies")
    + _rules(K.PRESENT_PARTICIPLE, "ir", "issant ant")
    + _rules(K.VERB_FORM, "re", _RE_FORMS)
    + _rules(K.PAST_PARTICIPLE, "re", "u ue us ues")
    + _rules(K.PRESENT_PARTICIPLE, "re", "ant")
    + [("d", "dre", K.VERB_FORM)]
    # verb families: -cevoir, -venir/-tenir, -prendre, -mettre, -crire, -uire, -aitre, -indre,
    # -vrir/-frir, partir/dormir/servir/sentir
    + _rules(K.VERB_FORM, "cevoir", "cois coit coivent cevons cevez cevait cevais cevaient "
             "cevrai cevra cevront cevrait coive coives")
    + _rules(K.PAST_PARTICIPLE, "cevoir", "cu cue cus cues")
    + _rules(K.VERB_FORM, "enir", "iens ient enons enez iennent enait enais enaient iendrai "
             "iendras iendra iendrons iendrez iendront iendrait iendrais ienne iennes ins int "
             "inrent")
    + _rules(K.PAST_PARTICIPLE, "enir", "enu enue enus enues")
    + _rules(K.PRESENT_PARTICIPLE, "enir", "enant")
    + _rules(K.VERB_FORM, "prendre", "prenons prenez prennent prenait prenais prenaient prenne "
             "prennes prit prirent")
    + _rules(K.PAST_PARTICIPLE, "prendre", "pris prise prises")
    + _rules(K.PRESENT_PARTICIPLE, "prendre", "prenant")
    + _rules(K.VERB_FORM, "mettre", "mets met mit mirent")
    + _rules(K.PAST_PARTICIPLE, "mettre", "mis mise mises")
    + _rules(K.VERB_FORM, "crire", "cris crit crivons crivez crivent crivait crivais crivaient "
             "crive crives crivit crivirent")
    + _rules(K.PAST_PARTICIPLE, "crire", "crite crites crits")
    + _rules(K.PRESENT_PARTICIPLE, "crire", "crivant")
    + _rules(K.VERB_FORM, "uire", "uis uit uisons uisez uisent uisait uisais uisaient uise "
             "uises uisit uisirent")
    + _rules(K.PAST_PARTICIPLE, "uire", "uite uites uits")
    + _rules(K.PRESENT_PARTICIPLE, "uire", "uisant")
    + _rules(K.VERB_FORM, "aitre", "ais ait aissons aissez aissent aissait aissais aissaient "
             "aisse aisses")
    + _rules(K.PAST_PARTICIPLE, "aitre", "u ue us ues")
    + _rules(K.PRESENT_PARTICIPLE, "aitre", "aissant")
    + _rules(K.VERB_FORM, "indre", "ins int ignons ignez ignent ignait ignais ignaient igne "
             "ignes ignit ignirent")
    + _rules(K.PAST_PARTICIPLE, "indre", "inte intes ints")
    + _rules(K.PRESENT_PARTICIPLE, "indre", "ignant")
    + [(a + e, a[:-1] + "rir", K.VERB_FORM) for a in ("vre", "fre") for e in ("", "s", "nt")]
    + [(a + e, a[0] + "rir", K.PAST_PARTICIPLE) for a in ("vert", "fert")
       for e in ("", "e", "s", "es")]
    + [(a, b, K.VERB_FORM) for a, b in (("rs", "rtir"), ("rt", "rtir"), ("ors", "ormir"),
       ("ort", "ormir"), ("ers", "ervir"), ("ert", "ervir"), ("ens", "entir"),
       ("ent", "entir"))]
)  # fmt: skip


def _by_ending(rules: list[Rule]) -> dict[str, list[tuple[int, Rule]]]:
    """The rules by their ending, each with its place in the list (the order they are shown)."""
    found: dict[str, list[tuple[int, Rule]]] = {}
    for place, rule in enumerate(rules):
        found.setdefault(rule[0], []).append((place, rule))
    return found


FR_BY_ENDING = _by_ending(FR)
FR_LONGEST = max(len(ending) for ending, _, _ in FR)


def _matching(word: str, by_ending: dict[str, list[tuple[int, Rule]]], longest: int) -> list[Rule]:
    """The rules whose ending ``word`` has (and more), in the list's order: a look-up a suffix
    length, not a test a rule (an index build asks it of every word of the lexicon)."""
    found = [
        hit
        for size in range(min(longest, len(word) - 1) + 1)
        for hit in by_ending.get(word[len(word) - size :], ())
    ]
    found.sort()
    return [rule for _, rule in found]


def french(word: str) -> Iterator[Candidate]:
    for ending, replacement, kind in _matching(word, FR_BY_ENDING, FR_LONGEST):
        if word.endswith(ending) and len(word) > len(ending):
            lemma = word[: -len(ending)] + replacement
            if len(lemma) < MIN_LEMMA or (ending == "s" and word.endswith("ss")):
                continue
            accented = K.PAST_PARTICIPLE if replacement == "er" and ending in ("e", "es") else None
            yield Candidate(lemma, kind, accented=accented)


# --- German ---------------------------------------------------------------------------------

DE_NOUN = _rules(K.PLURAL, "", "e en n er ern nen se sen s") + _rules(K.INFLECTED, "", "es")
DE_UMLAUT_NOUN = _rules(K.PLURAL, "", "- e er ern en")  # "-": no ending ("muetter")
DE_ADJ = (
    _rules(K.INFLECTED, "", "e en er es em")
    + _rules(K.COMPARATIVE, "", "ere eren erer eres erem")
    + _rules(K.SUPERLATIVE, "", "st ste sten ster stes stem est este esten ester estes estem")
)
DE_UMLAUT_ADJ = _rules(K.COMPARATIVE, "", "er ere eren erer eres erem") + _rules(
    K.SUPERLATIVE, "", "st ste sten ster stes stem est este esten ester estes estem"
)
DE_VERB = (
    _rules(K.VERB_FORM, "en", "e st t et est")
    + _rules(K.PAST, "en", "te test ten tet ete etest eten etet")
    + _rules(K.PRESENT_PARTICIPLE, "en", "end")
)
UMLAUTS = (("aeu", "au"), ("ae", "a"), ("oe", "o"), ("ue", "u"))


def _without_umlaut(stem: str) -> str | None:
    """The stem with its last umlaut undone ("haeus" -> "haus"), or None without one."""
    best = max((stem.rfind(u), u, plain) for u, plain in UMLAUTS)
    at, umlaut, plain = best
    if at < 0:
        return None
    return stem[:at] + plain + stem[at + len(umlaut) :]


def german(word: str) -> Iterator[Candidate]:
    for rules, umlaut, noun in (
        (DE_NOUN, False, True), (DE_UMLAUT_NOUN, True, True),
        (DE_ADJ, False, False), (DE_UMLAUT_ADJ, True, False),
    ):  # fmt: skip
        for ending, _, kind in rules:
            end = "" if ending == "-" else ending
            if not word.endswith(end) or len(word) <= len(end):
                continue
            plain = word[: len(word) - len(end)]
            if end in ("e", "en") and plain.endswith("e"):  # "museen" is no plural of "muse"
                continue
            stem = _without_umlaut(plain) if umlaut else plain
            if stem and len(stem) >= MIN_LEMMA:  # "schoensten": "schoen", unless not a word
                yield Candidate(stem, kind, noun=noun, unless=plain if umlaut else None)
    for ending, replacement, kind in DE_VERB:
        if word.endswith(ending) and len(word) - len(ending) >= 2:
            yield Candidate(word[: -len(ending)] + replacement, kind, noun=False)
    if word.endswith("t") and "ge" in word[:-1]:  # "gemacht" -> "machen", "abgeholt" -> "abholen"
        at = word.find("ge")
        while at >= 0:
            lemma = word[:at] + word[at + 2 : -1] + "en"
            if len(lemma) >= MIN_LEMMA + 2:
                yield Candidate(lemma, K.PAST_PARTICIPLE, noun=False)
            at = word.find("ge", at + 1)


RULES = {"en": english, "fr": french, "de": german}


def candidates(code: str, word: str) -> list[Candidate]:
    """The lemmas the folded ``word`` may be a form of in language ``code``, by its endings, in
    the order to show them (none for a language without rules)."""
    rules = RULES.get(code)
    return [] if rules is None else [c for c in rules(word) if c.lemma != word]
