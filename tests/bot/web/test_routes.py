"""The page's routes (``bot.web.routes``): each message to the one handler a page side declared
for its type, the sides' hooks in their tables' order (their stops in reverse), the pages on a
channel as the kit holds them, a message declared twice refused before anything is served, and a
desk's three messages declared at once."""

from __future__ import annotations

import pytest
from aiohttp import web

from bot.web.discord_api import Person
from bot.web.messages import Incoming
from bot.web.routes import Channels, PageRoutes, Router, desk_messages, traced
from bot.web.session import Session

CHANNEL, ELSEWHERE, GUILD = 50, 60, 7


def session(router: Router, player: int = 1, channel: int = CHANNEL) -> Session:
    """A player's page as the kit makes it (its socket never opened: nothing is sent)."""
    person = Person(player, f"p{player}", "fr")
    return Session(web.WebSocketResponse(), person, channel, GUILD, router.rejoin)


async def test_each_message_reaches_its_sides_handler_and_no_other() -> None:
    heard: list[tuple[str, int, object]] = []
    rounds, daily = PageRoutes(), PageRoutes()

    @rounds.message("guess")
    async def guess(page: Session, message: Incoming) -> None:
        heard.append(("guess", page.player_id, message.get("word")))

    @daily.message("daily_guess")
    async def daily_guess(page: Session, message: Incoming) -> None:
        heard.append(("daily_guess", page.player_id, message.get("word")))

    router = Router([rounds, daily])
    ada = session(router)
    await router.handle(ada, {"type": "daily_guess", "word": "cat"})
    await router.handle(ada, {"type": "guess", "word": "dog"})
    await router.handle(ada, {"type": "unheard_of"})  # nobody's: ignored
    await router.handle(ada, {"type": ["guess"]})  # not a type at all
    assert heard == [("daily_guess", 1, "cat"), ("guess", 1, "dog")]
    assert ada.language == "fr"  # from the player's Discord locale


def test_a_message_declared_twice_is_refused() -> None:
    first, second = PageRoutes(), PageRoutes()

    async def handler(page: Session, message: Incoming) -> None: ...

    first.message("define")(handler)
    with pytest.raises(ValueError, match="'define'"):
        first.message("define")(handler)
    second.message("define")(handler)
    with pytest.raises(ValueError, match="two page sides handle the page's 'define'"):
        Router([first, second])
    with pytest.raises(ValueError, match="'ping'"):  # the kit's own
        PageRoutes().message("ping")(handler)


async def test_joins_and_leaves_run_in_order_and_the_kit_knows_who_is_where() -> None:
    said: list[str] = []
    first, second = PageRoutes(), PageRoutes()

    @first.on_join
    async def shown(page: Session) -> None:
        said.append(f"first shows {page.player_id}")

    @second.on_join
    async def also(page: Session) -> None:
        said.append(f"second shows {page.player_id}")

    first.on_leave(lambda page: said.append(f"first lets {page.player_id} go"))
    second.on_leave(lambda page: said.append(f"second lets {page.player_id} go"))
    router = Router([first, second])
    ada, bo, cy = session(router, 1), session(router, 2), session(router, 3, ELSEWHERE)
    for page in (ada, bo, cy):
        await router.join(page)
    assert set(router.channels.watching(CHANNEL)) == {ada, bo}
    assert router.channels.watching(ELSEWHERE) == (cy,)
    said.clear()
    await bo.rejoin()  # back from the daily board: shown its channel again, still on it
    assert said == ["first shows 2", "second shows 2"]
    assert set(router.channels.watching(CHANNEL)) == {ada, bo}
    said.clear()
    router.leave(bo)
    router.leave(cy)
    assert said == ["first lets 2 go", "second lets 2 go", "first lets 3 go", "second lets 3 go"]
    assert router.channels.watching(CHANNEL) == (ada,)
    assert router.channels.watching(ELSEWHERE) == ()


async def test_sides_start_in_order_and_stop_in_reverse() -> None:
    said: list[str] = []
    given: list[Channels] = []
    first, second = PageRoutes(), PageRoutes()

    @first.on_start
    def first_starts(channels: Channels) -> None:
        given.append(channels)
        said.append("first starts")

    @second.on_start
    def second_starts(channels: Channels) -> None:
        given.append(channels)
        said.append("second starts")

    first.on_stop(lambda: said.append("first stops"))

    @second.on_stop
    async def closed() -> None:
        said.append("second stops")

    router = Router([first, second])
    router.start()
    await router.stop()
    assert said == ["first starts", "second starts", "second stops", "first stops"]
    assert given == [router.channels, router.channels]


def test_a_traced_word_and_its_path_are_bounded() -> None:
    assert traced({"word": "x" * 50, "path": [0, "1", 2, None, *range(60)]}) == (
        "x" * 40,
        [0, 2, *range(38)],
    )
    assert traced({"word": 12, "path": "0,1"}) == ("12", None)


class Notes:
    """A desk that writes down what it is asked (the daily's and the world's are played in
    their own page tests)."""

    def __init__(self) -> None:
        self.said: list[tuple[object, ...]] = []

    async def open(self, session: Session, language: object) -> None:
        self.said.append(("open", session.player_id, language))

    async def guess(self, session: Session, word: str, path: list[int] | None) -> None:
        self.said.append(("guess", session.player_id, word, path))

    def leave(self, session: Session) -> None:
        self.said.append(("leave", session.player_id))


async def test_a_desk_is_opened_played_and_closed_back_to_the_channel() -> None:
    desk, page = Notes(), PageRoutes()
    desk_messages(page, "daily", desk)

    @page.on_join
    async def shown(session: Session) -> None:
        desk.said.append(("channel", session.player_id))

    router = Router([page])
    ada = session(router)
    await router.handle(ada, {"type": "daily_open", "language": "es"})
    await router.handle(ada, {"type": "daily_guess", "word": "gato", "path": [0, 1, 5, 6]})
    await router.handle(ada, {"type": "daily_close"})
    await router.handle(ada, {"type": "world_open"})  # another desk's: not this one's
    router.leave(ada)  # the socket closed
    assert desk.said == [
        ("open", 1, "es"),
        ("guess", 1, "gato", [0, 1, 5, 6]),
        ("leave", 1),
        ("channel", 1),
        ("leave", 1),
    ]
