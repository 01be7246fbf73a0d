"""People acting in the stand-in's world: typing, replying, editing, reacting, joining and
leaving, deleting channels, installing the app; and what one person sees."""

from __future__ import annotations

from collections.abc import Callable

from standin.codes import MessageFlag, MessageType
from standin.entities import Channel, Guild, StoredMessage, User
from standin.mentions import EVERYTHING
from standin.parts import StandInParts


class People(StandInParts):
    """The helpers a test calls to act as a person (see ``server.py`` for the whole driver)."""

    def mention(self, user: int | str) -> str:
        """``<@id>``, as a client writes a mention."""
        return f"<@{self.user(user).id}>"

    async def user_says(
        self,
        channel: int | str,
        user: int | str,
        content: str,
        *,
        reply_to: StoredMessage | int | None = None,
        mention_author: bool = True,
    ) -> StoredMessage:
        """A person types ``content`` in ``channel``; the bot receives MESSAGE_CREATE.

        With ``reply_to`` (a message of that channel, or its id) it is a reply, as Discord's
        client sends one: type 19, ``message_reference`` and ``referenced_message``, and the
        replied-to author among its ``mentions`` unless ``mention_author`` is off (the
        client's "ping" toggle). ``ValueError`` where the client offers no reply: a message
        gone, of another channel, or ephemeral."""
        ch = self.channel(channel)
        author = self.user(user)
        if ch.guild_id is not None and self.world.member(ch.guild_id, author.id) is None:
            raise ValueError(f"{author.username} is not a member of #{ch.name}'s guild")
        if ch.private and author.id not in ch.recipients:
            raise ValueError(f"{author.username} is not in the private channel {ch.name}")
        if reply_to is None:
            return await self.actions.create(ch, author, content=content)
        target = self._reply_target(ch, reply_to)
        return await self.actions.create(
            ch,
            author,
            content=content,
            type_=MessageType.REPLY,
            reference_id=target.id,
            allowed_mentions={**EVERYTHING, "replied_user": mention_author},
        )

    async def user_replies(
        self, message: StoredMessage, user: int | str, content: str, *, mention_author: bool = True
    ) -> StoredMessage:
        """A person replies to ``message`` in its channel (``user_says`` with ``reply_to``)."""
        return await self.user_says(
            message.channel_id, user, content, reply_to=message, mention_author=mention_author
        )

    def _reply_target(self, channel: Channel, reply_to: StoredMessage | int) -> StoredMessage:
        wanted = reply_to if isinstance(reply_to, int) else reply_to.id
        target = self.world.messages.get(wanted)
        if target is None or target.deleted or target.channel_id != channel.id:
            raise ValueError(f"no message {wanted} in #{channel.name} to reply to")
        if target.ephemeral:
            raise ValueError(f"message {wanted} is ephemeral: Discord offers no reply to it")
        return target

    async def user_edits(self, message: StoredMessage, content: str) -> StoredMessage:
        return await self.actions.edit(message, {"content": content})

    async def user_deletes(self, message: StoredMessage) -> None:
        await self.actions.delete(message)

    async def user_dms(self, user: int | str, content: str) -> StoredMessage:
        """A person writes to the bot in a DM."""
        author = self.user(user)
        return await self.actions.create(self.world.dm_channel(author.id), author, content=content)

    async def user_reacts(self, message: StoredMessage, user: int | str, emoji: str) -> None:
        await self.actions.react(message, self.user(user).id, emoji)

    async def add_member(
        self, user: str, display_name: str | None = None, *, guild_id: int | None = None
    ) -> User:
        """A new person joins (the default: the first guild); GUILD_MEMBER_ADD is sent."""
        gid = guild_id if guild_id is not None else next(iter(self.world.guilds))
        existing = self.world.find_user(user)
        if existing is not None and self.world.member(gid, existing.id) is not None:
            return existing
        return await self.actions.add_member(gid, user, display_name)

    async def remove_member(self, user: int | str, *, guild_id: int | None = None) -> None:
        """A person leaves the guild (the default: the first); GUILD_MEMBER_REMOVE is sent, and
        ``GET /guilds/{id}/members/{user}`` answers 404 Unknown Member from then on."""
        gid = guild_id if guild_id is not None else next(iter(self.world.guilds))
        await self.actions.remove_member(gid, self.user(user).id)

    async def delete_channel(self, channel: int | str) -> None:
        """An admin deletes the channel: CHANNEL_DELETE, and 404 Unknown Channel afterwards."""
        await self.actions.delete_channel(self.channel(channel))

    # places and installs

    def dm_with(self, user: int | str) -> int:
        """The id of the DM channel between ``user`` and the bot (made on first use)."""
        return self.world.dm_channel(self.user(user).id).id

    def add_foreign_guild(self, name: str) -> Guild:
        """A server the bot is not in (#boggle, #general; alice, bob and carol): the app
        reaches it only through a user install. No gateway event tells the bot of it."""
        return self.world.add_play_guild(name, with_bot=False)

    def add_private_channel(self, *users: int | str) -> int:
        """A DM between two people or a group DM of more (never the bot): its id."""
        return self.world.add_private_channel([self.user(u).id for u in users]).id

    def install_for(self, user: int | str) -> None:
        """``user`` adds the app to their account (a user install)."""
        self.world.user_installs.add(self.user(user).id)

    def pass_time(self, seconds: float) -> None:
        """The stand-in's clock moves on (interaction tokens live 15 minutes on it)."""
        self.clock.advance(seconds)

    # what one person sees

    def seen_by(self, user: int | str, channel: int | str) -> list[StoredMessage]:
        """The channel's messages as ``user`` sees them now, oldest first: everyone's, and the
        ephemeral ones shown to ``user`` alone (never another person's)."""
        uid = self.user(user).id
        return [
            m for m in self.messages(channel) if m.ephemeral_for is None or m.ephemeral_for == uid
        ]

    def ephemerals(self, user: int | str, channel: int | str | None = None) -> list[StoredMessage]:
        """The ephemeral messages shown to ``user`` (in ``channel``, or anywhere), oldest first."""
        uid = self.user(user).id
        cid = None if channel is None else self.channel(channel).id
        return [
            m
            for m in self.world.messages.values()
            if m.ephemeral_for == uid and not m.deleted and cid in (None, m.channel_id)
        ]

    async def wait_for_ephemeral(
        self,
        user: int | str,
        predicate: Callable[[StoredMessage], bool] | None = None,
        timeout: float = 5.0,
        *,
        channel: int | str | None = None,
    ) -> StoredMessage:
        """The latest ephemeral message shown to ``user`` (loaded, not "thinking...") for which
        ``predicate`` holds, once there is one: edits count, so this also waits for an edit."""

        def found() -> StoredMessage | None:
            for msg in reversed(self.ephemerals(user, channel)):
                if not msg.flags & MessageFlag.LOADING and (predicate is None or predicate(msg)):
                    return msg
            return None

        return await self.changes.wait_until(found, timeout, f"an ephemeral message for {user}")
