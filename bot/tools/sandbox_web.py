"""The sandbox's links to the Activity's page: one per person, each opening the page as that
person through the stand-in's OAuth2 authorize step (a fresh one-time code every time), in the
channel's activity instance."""

from __future__ import annotations

from urllib.parse import urlencode

from bot.tools.sandbox_terminal import Terminal
from standin import StandIn


def link(standin: StandIn, page_url: str, person: str, channel: int | str) -> str:
    """Joins ``person`` to the channel's instance (as opening the Activity there does)."""
    user = standin.user(person)
    place = standin.channel(channel)
    instance = standin.activities.join(place.id, place.guild_id, user.id)
    page = (
        page_url
        + "?"
        + urlencode(
            {
                "frame_id": "sandbox",
                "instance_id": instance.id,
                "channel_id": place.id,
                "guild_id": place.guild_id or "",
            }
        )
    )
    query = urlencode(
        {
            "client_id": standin.world.application_id,
            "response_type": "code",
            "scope": "identify",
            "redirect_uri": page,
            "standin_user": user.username,
        }
    )
    return f"{standin.base_url}/oauth2/authorize?{query}"


def people(standin: StandIn, channel: str) -> list[str]:
    """The people of the channel's server, the bot left out."""
    place = standin.channel(channel)
    guild = standin.world.guilds.get(place.guild_id or 0)
    if guild is None:
        return []
    return [m.user.username for m in guild.members.values() if not m.user.bot]


async def add_person(standin: StandIn, name: str) -> str:
    """``name`` as a member of the server (as ``:as NAME`` makes them)."""
    await standin.add_member(name.lower(), name.capitalize())
    return name.lower()


def web_links(standin: StandIn, terminal: Terminal, names: list[str]) -> None:
    """Each person's link to the Activity's page in the terminal's channel."""
    page_url = terminal.page_url()
    if page_url is None:
        return
    terminal.write(f"The board in a browser, in #{terminal.channel} (one link per person):")
    for name in names:
        terminal.write(f"  {name}: {link(standin, page_url, name, terminal.channel)}")
