"""Things that happen to messages and channels, each stored, recorded and dispatched at once.

The REST handlers (the bot acting) and the test helpers (people acting) both go through here,
so the transcript and the gateway events can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from standin import payloads
from standin.codes import MessageFlag, MessageType
from standin.entities import Attachment, Channel, StoredMessage, User
from standin.gateway import Gateway, Intent
from standin.ids import iso_now, new_snowflake
from standin.mentions import EVERYTHING, mentioned_ids, pings_reply
from standin.recorder import Recorder
from standin.state import World


def reaction_emoji(emoji: str) -> dict[str, Any]:
    """The emoji object of a reaction: unicode ``"✅"`` or custom ``"name:id"``."""
    name, _, emoji_id = emoji.rpartition(":")
    if name and emoji_id.isdigit():
        return {"id": emoji_id, "name": name}
    return {"id": None, "name": emoji}


# What an edit changes of a message's flags; other bits in it are ignored, as Discord does.
EDITABLE_FLAGS = MessageFlag.SUPPRESS_EMBEDS | MessageFlag.IS_COMPONENTS_V2


class Actions:
    """Create, edit, delete and react to messages; delete channels."""

    def __init__(
        self, world: World, recorder: Recorder, gateway: Gateway, base_url: Callable[[], str]
    ) -> None:
        self.world = world
        self.recorder = recorder
        self.gateway = gateway
        self.base_url = base_url

    def payload(self, msg: StoredMessage, intents: int | None = None) -> dict[str, Any]:
        """The message as REST returns it (``intents`` None) or as a session receives it."""
        return payloads.message(
            self.world,
            msg,
            base_url=self.base_url(),
            intents=intents,
            with_member=intents is not None,
        )

    def _message_intent(self, msg: StoredMessage) -> int:
        return Intent.GUILD_MESSAGES if msg.guild_id is not None else Intent.DIRECT_MESSAGES

    async def _dispatch_message(self, event: str, msg: StoredMessage) -> None:
        if not self.world.bot_is_in(self.world.channels[msg.channel_id]):
            return  # a server without the bot, a private channel: it hears nothing there
        await self.gateway.dispatch(
            event,
            lambda intents: self.payload(msg, intents),
            intent=self._message_intent(msg),
            guild_id=msg.guild_id,
        )

    async def create(
        self,
        channel: Channel,
        author: User,
        *,
        content: str = "",
        embeds: list[dict[str, Any]] | None = None,
        attachments: list[Attachment] | None = None,
        components: list[dict[str, Any]] | None = None,
        flags: int = 0,
        type_: int = MessageType.DEFAULT,
        reference_id: int | None = None,
        allowed_mentions: dict[str, Any] | None = None,
        ephemeral_for: int | None = None,
        interaction_id: int | None = None,
        interaction_user_id: int | None = None,
        interaction_type: int | None = None,
        interaction_owners: dict[str, str] | None = None,
        webhook_id: int | None = None,
    ) -> StoredMessage:
        """Store a new message, add it to the transcript, and send MESSAGE_CREATE unless ephemeral.

        A reply (``reference_id``) mentions the replied-to author unless ``allowed_mentions``
        turns the reply's mention off; ``allowed_mentions`` also filters the users written."""
        replied = self.world.messages.get(reference_id) if reference_id is not None else None
        msg = StoredMessage(
            id=new_snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author,
            content=content,
            embeds=embeds or [],
            attachments=attachments or [],
            components=components or [],
            flags=flags,
            type=type_,
            reference_id=reference_id,
            ephemeral_for=ephemeral_for,
            interaction_id=interaction_id,
            interaction_user_id=interaction_user_id,
            interaction_type=interaction_type,
            interaction_owners=interaction_owners,
            webhook_id=webhook_id,
            mention_ids=mentioned_ids(
                content, allowed_mentions, replied_author=replied.author.id if replied else None
            ),
            reply_mention=replied is not None and pings_reply(allowed_mentions),
        )
        self.world.messages[msg.id] = msg
        self.recorder.record("message", msg)
        if not msg.ephemeral:
            await self._dispatch_message("MESSAGE_CREATE", msg)
        return msg

    async def edit(
        self,
        msg: StoredMessage,
        changes: dict[str, Any],
        new_files: list[Attachment] | None = None,
    ) -> StoredMessage:
        """Apply a PATCH body (only the keys present change), record it and send MESSAGE_UPDATE."""
        msg.edits.append(msg.content)
        if "content" in changes:
            msg.content = changes["content"] or ""
            replied = self.world.messages.get(msg.reference_id or 0)
            allowed = changes.get("allowed_mentions") or EVERYTHING
            msg.mention_ids = mentioned_ids(
                msg.content,
                {**allowed, "replied_user": msg.reply_mention},
                replied_author=replied.author.id if replied else None,
            )
        if "embeds" in changes:
            msg.embeds = normalise_embeds(changes["embeds"] or [])
        if "components" in changes:
            msg.components = changes["components"] or []
        if "attachments" in changes:
            keep = {int(a["id"]) for a in changes["attachments"] or [] if "id" in a}
            msg.attachments = [a for a in msg.attachments if a.id in keep]
        msg.attachments.extend(new_files or [])
        if "flags" in changes and changes["flags"] is not None:
            msg.flags = (msg.flags & ~EDITABLE_FLAGS) | (int(changes["flags"]) & EDITABLE_FLAGS)
        msg.flags &= ~MessageFlag.LOADING
        msg.edited_timestamp = iso_now()
        self.recorder.record("edit", msg)
        if not msg.ephemeral:
            await self._dispatch_message("MESSAGE_UPDATE", msg)
        return msg

    async def delete(self, msg: StoredMessage) -> None:
        msg.deleted = True
        self.recorder.record("delete", msg)
        if msg.ephemeral or not self.world.bot_is_in(self.world.channels[msg.channel_id]):
            return
        data: dict[str, Any] = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
        await self.gateway.dispatch(
            "MESSAGE_DELETE", data, intent=self._message_intent(msg), guild_id=msg.guild_id
        )

    async def bulk_delete(self, channel: Channel, messages: list[StoredMessage]) -> None:
        for msg in messages:
            msg.deleted = True
            self.recorder.record("delete", msg)
        data: dict[str, Any] = {
            "ids": [str(m.id) for m in messages],
            "channel_id": str(channel.id),
        }
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        await self.gateway.dispatch(
            "MESSAGE_DELETE_BULK", data, intent=Intent.GUILD_MESSAGES, guild_id=channel.guild_id
        )

    async def react(self, msg: StoredMessage, user_id: int, emoji: str) -> bool:
        """Add a reaction; False if that user had already reacted with it (no event, as Discord)."""
        users = msg.reactions.setdefault(emoji, [])
        if user_id in users:
            return False
        users.append(user_id)
        self.recorder.record("reaction", msg, emoji=emoji, reactor_id=user_id)
        await self._dispatch_reaction("MESSAGE_REACTION_ADD", msg, user_id, emoji)
        return True

    async def unreact(self, msg: StoredMessage, user_id: int, emoji: str) -> bool:
        users = msg.reactions.get(emoji, [])
        if user_id not in users:
            return False
        users.remove(user_id)
        if not users:
            del msg.reactions[emoji]
        self.recorder.record("unreaction", msg, emoji=emoji, reactor_id=user_id)
        await self._dispatch_reaction("MESSAGE_REACTION_REMOVE", msg, user_id, emoji)
        return True

    async def _dispatch_reaction(
        self, event: str, msg: StoredMessage, user_id: int, emoji: str
    ) -> None:
        if not self.world.bot_is_in(self.world.channels[msg.channel_id]):
            return
        data: dict[str, Any] = {
            "user_id": str(user_id),
            "channel_id": str(msg.channel_id),
            "message_id": str(msg.id),
            "emoji": reaction_emoji(emoji),
            "type": 0,
            "burst": False,
        }
        if event == "MESSAGE_REACTION_ADD":
            data["burst_colors"] = []
            data["message_author_id"] = str(msg.author.id)
        if msg.guild_id is not None:
            data["guild_id"] = str(msg.guild_id)
            member = self.world.member(msg.guild_id, user_id)
            if member is not None and event == "MESSAGE_REACTION_ADD":
                data["member"] = payloads.member(member)
        intent = (
            Intent.GUILD_MESSAGE_REACTIONS
            if msg.guild_id is not None
            else Intent.DIRECT_MESSAGE_REACTIONS
        )
        await self.gateway.dispatch(event, data, intent=intent, guild_id=msg.guild_id)

    async def delete_channel(self, channel: Channel) -> None:
        """Delete a channel as an admin would; later REST calls on it answer 404 Unknown Channel."""
        channel.deleted = True
        guild = self.world.guild_of(channel)
        if guild is not None:
            guild.channels.pop(channel.id, None)
        await self.gateway.dispatch(
            "CHANNEL_DELETE",
            payloads.channel(self.world, channel),
            intent=Intent.GUILDS,
            guild_id=channel.guild_id,
        )

    async def add_member(self, guild_id: int, username: str, global_name: str | None) -> User:
        """Add a member (as if they joined) and send GUILD_MEMBER_ADD."""
        member = self.world.add_member(guild_id, username, global_name)
        data = payloads.member(member) | {"guild_id": str(guild_id)}
        await self.gateway.dispatch(
            "GUILD_MEMBER_ADD", data, intent=Intent.GUILD_MEMBERS, guild_id=guild_id
        )
        return member.user

    async def remove_member(self, guild_id: int, user_id: int) -> None:
        """A member leaves (or is kicked): GUILD_MEMBER_REMOVE; their messages stay."""
        member = self.world.guilds[guild_id].members.pop(user_id)
        data = {"guild_id": str(guild_id), "user": payloads.user(member.user)}
        await self.gateway.dispatch(
            "GUILD_MEMBER_REMOVE", data, intent=Intent.GUILD_MEMBERS, guild_id=guild_id
        )


def normalise_embeds(embeds: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Embeds as Discord stores them: ``type`` "rich" and no ``null`` values."""
    out = []
    for embed in embeds:
        clean = {k: v for k, v in embed.items() if v is not None}
        clean.setdefault("type", "rich")
        out.append(clean)
    return out
