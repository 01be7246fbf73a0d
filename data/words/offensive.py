"""Which words of a folded list are offensive (imported by build_lists.py): naughty-words' entries
for the language and the hand-made supplement ``offensive-<code>.txt``, each with the inflected
forms its language's endings make, less the supplement's ``!`` keeps. See README.md."""

from __future__ import annotations

import json
from pathlib import Path

from core.languages import Language

HERE = Path(__file__).resolve().parent


def words_of(text: str) -> tuple[str, ...]:
    return tuple(text.split())


# Endings added to an offensive entry to find its inflected forms in the list (a form is removed
# only when the list has it). Over-generation is harmless unless it hits an ordinary word; those
# are kept by a ``!`` line of offensive-<code>.txt (the build prints every removed word to review).
NOUN_ENDINGS = {
    "fr": ("s", "e", "es", "x", "sse", "sses"),
    "es": ("s", "es", "a", "as", "o", "os", "ito", "ita", "itos", "itas", "azo", "azos"),
    "de": ("e", "en", "n", "s", "er", "ern", "es", "em", "in", "innen", "chen"),
    "nl": ("en", "s", "e", "er", "ers", "je", "jes", "tje", "tjes", "ig", "ige"),
    "pl": words_of("a y i e ę ą o u ie em om ami ach ów owi ek ka ki ku kiem kom kami kach"),
    "pt": ("s", "es", "a", "as", "o", "os", "inho", "inha", "inhos", "inhas", "ao", "oes"),
    # Finnish and Turkish: the case endings of both vowel harmonies, plural and possessive ones
    "fi": words_of(
        "n t a ä ta tä na nä ssa ssä sta stä lla llä lta ltä lle ksi an än en in on un yn ön "
        "ni si nsa nsä mme nne in ien ja jä ia iä ita itä issa issä ista istä illa illä ilta "
        "iltä ille iksi ina inä ineen"
    ),
    "tr": words_of(
        "a e ı i u ü ya ye yı yi yu yü da de ta te dan den tan ten ın in un ün nın nin nun nün "
        "lar ler ları leri ların lerin lara lere larda lerde lardan lerden ım im um üm ımız imiz "
        "sı si su sü sın sin "
    ),
    "it": words_of("o a i e one oni ona one ata ate ate ino ina ini ine accia acce"),
    "sv": words_of("en et n t ar er or arna erna orna ens ets s na ns en arnas ernas ig iga igt"),
    "da": words_of("en et e er ne erne ernes ens ets s es"),
    "no": words_of("en et a er ene ens ets s es ete"),
    "id": words_of("nya an kan"),
    # Czech and Croatian (accents folded as the lists): the case endings after a consonant
    "cs": words_of("a u e i y o em ou ovi ove um ech ami ka ky ku ko ek"),
    "hr": words_of("a u e i o om em ima ama ovi ove ova ina ine"),
    "lt": words_of(
        "as o ui ą u e ai ų ams us uose is io iui į iu yje ių iams ius iais iai "  # -as, -is
        "a os ą oje oms omis ose ės ei ę ėms ėmis ėse"  # -a, -ė
    ),
    "ro": words_of("ul ului ule i ii ilor e ele elor a ei le lor uri urile urilor"),
    # Bulgarian: the article of each gender and number; Greek: none (its endings replace the
    # entry's own, so offensive-el.txt lists the forms or their stems)
    "bg": words_of("а я ът ят та то те ите ата"),
    "el": (),
    # Russian and Ukrainian: the case endings of the three genders, singular and plural
    "ru": words_of("а у е ом ой ою ы и ам ами ах ов ей я ю ям ями ях ем ья ьи ев ка ки ке ку кой"),
    "uk": words_of("а у е ом ою ой і и ам ами ах ів ей я ю ям ями ях ем ові еві ок ки ці ку"),
    # Hungarian: plural, accusative, possessive and the common cases of both vowel harmonies
    "hu": words_of(
        "k t ok ek ök ak ot et öt at a e ja je ai ei om em öm od ed öd unk ünk uk ük "
        "ban ben ba be ból ből on en ön ra re ról ről nak nek val vel tól től nál nél ig ért "
        "kat ket ság ség s os es ös"
    ),
}
# Regular verb endings after the stem (the infinitive without its -er / -ar / -en).
VERB_ENDINGS = {
    "fr": words_of(
        "e es ent ons ez ais ait ions iez aient ai as a ames ates erent erai eras era erons "
        "erez eront erais erait erions eriez eraient asse asses at assions assiez assent "
        "e ee es ees ant eur eurs euse euses"
    ),
    "es": words_of(
        "o as a amos ais an e es emos eis en aba abas abamos abais aban ado ada ados adas ando "
        "ar aste asteis aron ara aras aramos arais aran ase ases are aremos areis aria arias "
        "ariamos ariais arian ador adora adores adoras"
    ),
    "de": words_of("e st t en et te test ten tet end ende enden ender endes er"),
    "nl": words_of("t te ten d de den end ende er ers"),
    "pl": words_of(
        "ać am asz a amy acie ają ał ała ało ali ały ałem ałam ałeś ając any ana ane ani aj ajcie"
    ),
    "fi": (),  # its obscene verbs are listed whole, or as stems in offensive-fi.txt
    "tr": words_of("mak mek tı ti tu tü ar er ır ir ıyor iyor uyor üyor an en ma me mış miş"),
    "pt": words_of(
        "o as a amos am ava avas avam ei ou aram ado ada ados adas ando e es em ar ou ador adora"
    ),
    "it": words_of("o i a iamo ate ano ava avano ato ata ati ate ando are ai o ava ero era"),
    "sv": words_of("a ar ade at ande as es er de t te"),
    "da": words_of("e er ede et te t es ende"),
    "no": words_of("e er et te de es ende a"),
    "id": (),
    "cs": words_of("m š me te ji l la lo li ly n na no ni ny"),  # after the -t infinitive's stem
    "hr": words_of("m š mo te ju o la lo li le n na no ni ne"),  # after -ti
    "lt": words_of("u i a ame ate au ai o ome ote s k kite"),
    "ro": (),  # its obscene verb forms are listed whole in offensive-ro.txt
    "bg": (),
    "el": (),
    "ru": words_of("ю ешь ет ем ете ют у ут л ла ло ли й йте ал ала ало али ишь ит им ите ят ся"),
    "uk": words_of("ю єш є ємо єте ють у еш е емо ете уть в ла ло ли й йте ла ив ила ило или"),
    "hu": (),  # its obscene verbs are listed as stems in offensive-hu.txt
}
SPANISH_ER_ENDINGS = words_of(
    "o es e emos eis en ia ias iamos iais ian ido ida idos idas iendo er i iste io imos isteis "
    "ieron a as amos ais an iera ieras ieramos ieran iese ieses eria erias eriamos erian ere "
    "eremos eran"
)
VERB_INFINITIVE = {"fr": "er", "es": "ar", "de": "en", "nl": "en", "pl": "ać", "pt": "ar"}
VERB_INFINITIVE |= {"fi": "-", "tr": "mak"}  # "-": no Finnish entry is read as a verb
VERB_INFINITIVE |= {"it": "are", "sv": "a", "da": "e", "no": "e", "id": "-"}  # id: no verbs
VERB_INFINITIVE |= {"cs": "t", "hr": "ti"}
VERB_INFINITIVE |= {"lt": "ti", "ro": "-"}  # ro: its verb forms are listed whole
VERB_INFINITIVE |= {"bg": "-", "el": "-"}  # their supplements list verb forms whole
VERB_INFINITIVE |= {"ru": "ть", "uk": "ти"}
VERB_INFINITIVE |= {"hu": "-"}


ENGLISH_ENDINGS = words_of("s es d ed ing er ers y")  # after the entry (a consonant doubled)
ENGLISH_Y_ENDINGS = words_of("ies ied ier iest")  # in place of a final y


def english_inflections(entry: str) -> set[str]:
    """The entry and its regular English forms: plural, past, -ing, -er, -y; a final e dropped
    ("rape" -> "raping"), y -> ies ("tranny" -> "trannies"), the last consonant doubled after a
    single vowel ("slut" -> "slutty")."""
    forms = {entry} | {entry + end for end in ENGLISH_ENDINGS}
    if entry.endswith("e"):
        forms |= {entry[:-1] + end for end in ("ing", "er", "ers", "y")}
    if entry.endswith("y"):
        forms |= {entry[:-1] + end for end in ENGLISH_Y_ENDINGS}
    vowels = "aeiou"
    last, before, third = entry[-1:], entry[-2:-1], entry[-3:-2]
    if third and third not in vowels and before in vowels and last not in vowels + "wxy":
        forms |= {entry + entry[-1] + end for end in ("ed", "ing", "er", "ers", "y")}
    return forms


def inflections(code: str, entry: str) -> set[str]:
    """The entry and the forms its language's regular endings make of it: plurals, feminines
    and (for a verb) its regular conjugation; in German also ge-...-t participles and umlaut
    plurals ("arschloch" -> "arschloecher"), in Spanish the other gender ("puta" -> "putos")."""
    if code == "en":
        return english_inflections(entry)
    forms = {entry} | {entry + end for end in NOUN_ENDINGS[code]}
    if code == "es" and entry[-1:] in ("a", "o"):
        other = entry[:-1] + ("o" if entry.endswith("a") else "a")
        forms |= {other, other + "s"}
    if code == "es" and entry.endswith(("er", "ir")):
        forms |= {entry[:-2] + end for end in SPANISH_ER_ENDINGS}
    if code == "fr" and entry.endswith("e"):
        forms |= {entry[:-1] + end for end in ("", "s")}
    infinitive = VERB_INFINITIVE[code]
    if entry.endswith(infinitive) or (code == "de" and entry.endswith("eln")):
        stem = entry[: -len(infinitive)] if not entry.endswith("eln") else entry[:-1]
        forms |= {stem + end for end in VERB_ENDINGS[code]}
        if code == "de":
            forms |= {
                prefix + stem + "t" + end
                for prefix in ("ge", "")
                for end in ("", "e", "en", "er", "es", "em")
            }
    if code == "nl" and entry.endswith("en"):  # ge-...-d/-t participles
        forms |= {"ge" + entry[:-2] + end for end in ("d", "t", "de", "te")}
    if code == "de":
        at = max(entry.rfind(v) for v in "aou")  # the last full vowel takes the umlaut
        if at >= 0 and entry[at + 1 : at + 2] != "e":
            if entry[at] == "u" and entry[at - 1 : at] == "a":
                at -= 1  # "au" -> "aeu"
            plural = entry[:at] + entry[at] + "e" + entry[at + 1 :]
            forms |= {plural + end for end in ("", "e", "en", "er", "ern")}
    return forms


def naughty(lang: Language, directory: Path) -> set[str]:
    """The single-word entries of naughty-words' list for the language, folded."""
    path = directory / f"{lang.code}.json"
    if not path.is_file():  # naughty-words has no list for the language (Indonesian)
        return set()
    entries = json.loads(path.read_text(encoding="utf-8"))
    folded = (lang.fold(e.strip()) for e in entries if len(e.split()) == 1)
    return {w for w in folded if w}


def supplement(lang: Language) -> tuple[set[str], set[str], set[str]]:
    """``offensive-<code>.txt`` (found by hand, see README): the words to remove besides
    naughty-words' (inflected like them), the patterns with ``*`` (``neger*`` every word that
    starts so, ``*fick*`` every word that holds it; only for stems no ordinary word contains), and
    the words after ``!`` that are never removed (ordinary words the rules or naughty-words would
    take, of a kind the English list keeps)."""
    path = HERE / f"offensive-{lang.code}.txt"
    banned: set[str] = set()
    patterns: set[str] = set()
    kept: set[str] = set()
    for line in path.read_text(encoding="utf-8").splitlines():
        for entry in line.split("#", 1)[0].split():
            word = lang.fold(entry.strip("!*"))
            if not word:
                continue
            if entry.startswith("!"):
                kept.add(word)
            elif "*" in entry:
                patterns.add(entry.replace(word, "(" + word + ")"))
            else:
                banned.add(word)
    return banned, patterns, kept


def matches(pattern: str, word: str) -> bool:
    """Whether ``word`` fits a supplement pattern: ``(x)*`` starts with x, ``*(x)*`` holds it."""
    stem = pattern.strip("*()")
    if pattern.startswith("*"):
        return stem in word if pattern.endswith("*") else word.endswith(stem)
    return word.startswith(stem)


def offensive(lang: Language, directory: Path, words: set[str]) -> set[str]:
    """The words of the folded list to remove: each naughty-words and supplement entry with its
    inflected forms (``inflections``) and the words fitting a supplement pattern, except the words
    the supplement keeps."""
    banned, patterns, kept = supplement(lang)
    stems = (naughty(lang, directory) | banned) - kept
    found = {form for stem in stems for form in inflections(lang.code, stem) if form in words}
    found |= {w for w in words for p in patterns if matches(p, w)}
    return found - kept
