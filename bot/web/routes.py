"""What a feature's page side declares, as aiohttp's ``RouteTableDef`` declares a web app's
routes: the handler of each message the page sends (by its ``type``), and what to do when a page
joins or leaves its channel and when the server starts and stops. A feature builds its table
over its own service (``bot/<feature>/web``); the composition root hands every table to the
server (``start_web``), which serves them together (``Router``)."""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from typing import Protocol

from bot.web.messages import Incoming
from bot.web.session import Session

Handler = Callable[[Session, Incoming], Awaitable[None]]
Joined = Callable[[Session], Awaitable[None]]
Left = Callable[[Session], None]
Started = Callable[["Channels"], None]
Stopping = Callable[[], Awaitable[None] | None]

KIT_KINDS = frozenset({"hello", "ping"})  # the kit's own: the sign-in, the clock
WORD_LIMIT = 40  # characters of one traced or typed word


class PageRoutes:
    """One feature's handlers and hooks, declared with its decorators."""

    def __init__(self) -> None:
        self.handlers: dict[str, Handler] = {}
        self.joined: list[Joined] = []
        self.left: list[Left] = []
        self.started: list[Started] = []
        self.stopping: list[Stopping] = []

    def message(self, kind: str) -> Callable[[Handler], Handler]:
        """Declares the handler of the page's ``{"type": kind, ...}``: one a kind."""

        def declare(handler: Handler) -> Handler:
            if kind in self.handlers or kind in KIT_KINDS:
                raise ValueError(f"the page's {kind!r} has a handler already")
            self.handlers[kind] = handler
            return handler

        return declare

    def on_join(self, hook: Joined) -> Joined:
        """Runs when a page joins its channel (signed in), and when it comes back to it."""
        self.joined.append(hook)
        return hook

    def on_leave(self, hook: Left) -> Left:
        """Runs when a page's socket closes."""
        self.left.append(hook)
        return hook

    def on_start(self, hook: Started) -> Started:
        """Runs when the server starts, given the pages it serves by channel."""
        self.started.append(hook)
        return hook

    def on_stop(self, hook: Stopping) -> Stopping:
        """Runs when the server stops, its sockets closed."""
        self.stopping.append(hook)
        return hook


class Channels:
    """The pages this process serves, by the channel they play in."""

    def __init__(self) -> None:
        self._pages: dict[int, set[Session]] = {}

    def add(self, session: Session) -> None:
        self._pages.setdefault(session.channel_id, set()).add(session)

    def discard(self, session: Session) -> None:
        pages = self._pages.get(session.channel_id)
        if pages is not None:
            pages.discard(session)
            if not pages:
                del self._pages[session.channel_id]

    def watching(self, channel_id: int) -> tuple[Session, ...]:
        """The pages on ``channel_id`` now."""
        return tuple(self._pages.get(channel_id, ()))


class Router:
    """Every side's table served together: each message to its one handler, each hook in the
    tables' order (stops in reverse)."""

    def __init__(self, tables: Iterable[PageRoutes]) -> None:
        self.tables = tuple(tables)
        self.channels = Channels()
        self.handlers: dict[str, Handler] = {}
        for table in self.tables:
            for kind, handler in table.handlers.items():
                if kind in self.handlers:
                    raise ValueError(f"two page sides handle the page's {kind!r}")
                self.handlers[kind] = handler

    def start(self) -> None:
        for table in self.tables:
            for hook in table.started:
                hook(self.channels)

    async def stop(self) -> None:
        for table in reversed(self.tables):
            for hook in reversed(table.stopping):
                stopped = hook()
                if inspect.isawaitable(stopped):
                    await stopped

    async def join(self, session: Session) -> None:
        self.channels.add(session)
        await self.rejoin(session)

    async def rejoin(self, session: Session) -> None:
        for table in self.tables:
            for hook in table.joined:
                await hook(session)

    def leave(self, session: Session) -> None:
        try:
            for table in self.tables:
                for hook in table.left:
                    hook(session)
        finally:
            self.channels.discard(session)

    async def handle(self, session: Session, message: Incoming) -> None:
        """The message's handler, if any side declared one (else it is ignored)."""
        kind = message.get("type")
        handler = self.handlers.get(kind) if isinstance(kind, str) else None
        if handler is not None:
            await handler(session, message)


def traced(message: Incoming) -> tuple[str, list[int] | None]:
    """A guess's word and the path it was traced along (shown back), both bounded."""
    word = str(message.get("word", ""))[:WORD_LIMIT]
    path = message.get("path")
    cells = [c for c in path if isinstance(c, int)][:WORD_LIMIT] if isinstance(path, list) else None
    return word, cells


class Desk(Protocol):
    """A board of the player's own beside the channel's round (the daily's, the world round's):
    opened in a language, played with traced words, left."""

    async def open(self, session: Session, language: object, /) -> None: ...

    async def guess(self, session: Session, word: str, path: list[int] | None, /) -> None: ...

    def leave(self, session: Session, /) -> None: ...


def desk_messages(page: PageRoutes, name: str, desk: Desk) -> None:
    """Declares a desk's messages on ``page``: ``<name>_open`` (in the language it names),
    ``<name>_guess`` (a traced word) and ``<name>_close``, which takes the page back to its
    channel; a page that goes away leaves the desk too."""
    page.on_leave(desk.leave)

    @page.message(f"{name}_open")
    async def opened(session: Session, message: Incoming) -> None:
        await desk.open(session, message.get("language"))

    @page.message(f"{name}_guess")
    async def guess(session: Session, message: Incoming) -> None:
        await desk.guess(session, *traced(message))

    @page.message(f"{name}_close")
    async def closed(session: Session, message: Incoming) -> None:
        desk.leave(session)
        await session.rejoin()
