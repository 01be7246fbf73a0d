"""JSON shapes the stand-in sends, matching Discord's API v10.

Keys Discord omits are left out rather than sent as ``null``: discord.py reads many of them
with ``data['key']`` only when present, and ``null`` where it expects an object crashes it.
"""

from __future__ import annotations

from typing import Any

from standin.codes import ChannelType, InteractionType
from standin.entities import Attachment, Channel, Guild, Member, Role, StoredMessage, User
from standin.mentions import written_ids
from standin.state import World

MESSAGE_CONTENT_INTENT = 1 << 15


def user(u: User) -> dict[str, Any]:
    return {
        "id": str(u.id),
        "username": u.username,
        "global_name": u.global_name,
        "discriminator": "0",
        "avatar": None,
        "bot": u.bot,
        "public_flags": 0,
        "flags": 0,
    }


def role(r: Role) -> dict[str, Any]:
    return {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0},
        "hoist": False,
        "icon": None,
        "unicode_emoji": None,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def member(m: Member, *, with_user: bool = True) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "nick": m.nick,
        "avatar": None,
        "roles": [str(r) for r in m.roles],
        "joined_at": m.joined_at,
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
    }
    if with_user:
        payload["user"] = user(m.user)
    return payload


def channel(world: World, c: Channel) -> dict[str, Any]:
    if c.private:  # as an interaction from there shows it: the bot is not a recipient
        data: dict[str, Any] = {
            "id": str(c.id),
            "type": c.type,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user(world.users[u]) for u in c.recipients],
        }
        if c.type == ChannelType.GROUP_DM:
            data |= {"name": c.name, "icon": None, "owner_id": str(c.recipients[0])}
        return data
    if c.type == ChannelType.DM:
        assert c.recipient_id is not None
        return {
            "id": str(c.id),
            "type": c.type,
            "last_message_id": None,
            "flags": 0,
            "recipients": [user(world.users[c.recipient_id])],
        }
    return {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "position": c.position,
        "permission_overwrites": [
            {"id": str(o.id), "type": o.type, "allow": str(o.allow), "deny": str(o.deny)}
            for o in c.overwrites
        ],
        "topic": None,
        "nsfw": False,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "parent_id": None,
        "flags": 0,
    }


GUILD_MEMBERS_INTENT = 1 << 1


def guild_create(world: World, g: Guild, intents: int | None = None) -> dict[str, Any]:
    """The full GUILD_CREATE payload. Without the members intent Discord lists only the bot."""
    members = [
        m
        for m in g.members.values()
        if intents is None or intents & GUILD_MEMBERS_INTENT or m.user.id == world.bot.id
    ]
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "preferred_locale": g.preferred_locale,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "joined_at": g.members[world.bot.id].joined_at,
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "voice_states": [],
        "members": [member(m) for m in members],
        "channels": [channel(world, c) for c in g.channels.values() if not c.deleted],
        "threads": [],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def attachment(a: Attachment, base_url: str) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "id": str(a.id),
        "filename": a.filename,
        "size": len(a.data),
        "url": f"{base_url}/attachments/{a.id}/{a.filename}",
        "proxy_url": f"{base_url}/attachments/{a.id}/{a.filename}",
    }
    if a.content_type:
        payload["content_type"] = a.content_type
    if a.description:
        payload["description"] = a.description
    return payload


def readable(world: World, m: StoredMessage) -> bool:
    """Whether the app gets ``m``'s content without the message-content intent, as on Discord:
    its own messages, DMs with it, messages that @mention it, and replies with the mention on
    to a regular message of its own (not to an interaction's answer or follow-up)."""
    if m.guild_id is None or m.author.id == world.bot.id:
        return True
    bot_id = world.bot.id
    if bot_id in m.mention_ids and bot_id in written_ids(m.content):
        return True
    replied = world.messages.get(m.reference_id) if m.reference_id is not None else None
    return (
        m.reply_mention
        and replied is not None
        and replied.author.id == bot_id
        and replied.interaction_id is None
    )


def message(
    world: World,
    m: StoredMessage,
    *,
    base_url: str,
    intents: int | None = None,
    with_member: bool = False,
) -> dict[str, Any]:
    """A message; without the message-content intent, its content, embeds, attachments and
    components are blanked as Discord blanks them (unless ``readable``).

    ``intents`` None means "the bot itself reads it through REST with full content".
    """
    hidden = intents is not None and not intents & MESSAGE_CONTENT_INTENT and not readable(world, m)
    payload: dict[str, Any] = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "type": m.type,
        "author": user(m.author),
        "content": "" if hidden else m.content,
        "timestamp": m.timestamp,
        "edited_timestamp": m.edited_timestamp,
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(world.users[i]) for i in m.mention_ids if i in world.users],
        "mention_roles": [],
        "attachments": [] if hidden else [attachment(a, base_url) for a in m.attachments],
        "embeds": [] if hidden else m.embeds,
        "components": [] if hidden else m.components,
        "pinned": False,
        "flags": m.flags,
    }
    if m.nonce is not None:
        payload["nonce"] = m.nonce
    if m.guild_id is not None:
        payload["guild_id"] = str(m.guild_id)
        if with_member:
            mem = world.member(m.guild_id, m.author.id)
            if mem is not None:
                payload["member"] = member(mem, with_user=False)
    if m.webhook_id is not None:
        payload["webhook_id"] = str(m.webhook_id)
        payload["application_id"] = str(world.application_id)
    if m.reactions:
        payload["reactions"] = [
            {
                "emoji": {"id": None, "name": emoji},
                "count": len(users),
                "count_details": {"burst": 0, "normal": len(users)},
                "me": world.bot.id in users,
                "me_burst": False,
                "burst_colors": [],
            }
            for emoji, users in m.reactions.items()
            if users
        ]
    if m.reference_id is not None:
        payload["message_reference"] = {
            "type": 0,
            "message_id": str(m.reference_id),
            "channel_id": str(m.channel_id),
            **({"guild_id": str(m.guild_id)} if m.guild_id is not None else {}),
        }
        ref = world.messages.get(m.reference_id)
        if ref is not None and not ref.deleted:
            payload["referenced_message"] = message(world, ref, base_url=base_url, intents=intents)
    if m.interaction_id is not None and m.interaction_user_id is not None:
        payload["interaction_metadata"] = {
            "id": str(m.interaction_id),
            "type": m.interaction_type or InteractionType.APPLICATION_COMMAND,
            "user": user(world.users[m.interaction_user_id]),
            "authorizing_integration_owners": m.interaction_owners or {"0": str(m.guild_id or 0)},
        }
    return payload
