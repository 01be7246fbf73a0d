"""Every stored row as a typed record, for copying a database from one engine to another: the
columns' plain values (an enum as its text, a flag as 0 or 1), no feature's types; where each is
stored is ``tables.py``.
"""

from __future__ import annotations

from typing import NamedTuple

from bot.storage.world_records import (
    WorldChannelRow,
    WorldEntryRow,
    WorldRoundRow,
    WorldSecretRow,
    WorldWordRow,
)


class RoundRow(NamedTuple):
    """A round (``bot.rounds.model.StoredRound`` reads it: the same fields, typed)."""

    id: int
    guild_id: int
    channel_id: int
    starter_id: int
    board: str
    dice: str
    size: int
    mode: str
    min_length: int
    started_at: float
    deadline: float
    state: str
    ended_at: float | None
    board_message_id: int | None
    status_message_id: int | None
    results_posted_at: float | None
    seconds: int | None
    excluded: str
    hints: int
    language: str
    dictionary: str
    entrants: str | None
    timer: str
    quiet_seconds: int | None


class LoggedGuess(NamedTuple):
    """A row of the guess log."""

    id: int
    round_id: int
    player_id: int
    word: str
    verdict: str
    points: int
    at: float


class FoundWord(NamedTuple):
    """An accepted word; ``id`` keeps the acceptance order."""

    id: int
    round_id: int
    player_id: int
    word: str
    at: float


class PlayerResult(NamedTuple):
    """A player's result in a finished round."""

    round_id: int
    guild_id: int
    player_id: int
    points: int
    words: int
    rank: int
    cancelled: int
    ended_at: float | None
    max_points: int | None  # the board's best possible score (None: not kept then)
    longest_word: str | None  # the longest word that scored for the player
    won: int  # 1: first place (ties too) with points, among two or more players
    team_share: float | None = None  # co-op: the team's share of the board's points (else None)


class Standing(NamedTuple):
    """A player's running totals in a guild."""

    guild_id: int
    user_id: int
    points: int
    rounds: int
    words: int
    wins: int
    best: int  # the most points in one round
    longest_word: str | None
    share_sum: float  # sum over rounds of points / the board's maximum
    share_rounds: int  # the rounds in share_sum (those whose maximum is known)
    coop_rounds: int = 0  # co-op rounds: kept apart from the competitive figures above
    coop_points: int = 0  # points found for the team in them
    coop_best: float | None = None  # the best team share of the board's points


class PlayerName(NamedTuple):
    """A player's display name in a guild."""

    guild_id: int
    user_id: int
    display_name: str
    updated_at: float


class ServerDefaults(NamedTuple):
    """A server's defaults for new rounds (NULL: the bot's own)."""

    guild_id: int
    size: int | None
    dice: str | None
    seconds: int | None
    mode: str | None
    min_length: int | None
    timezone: str | None
    hints: int
    language: str
    dictionary: str
    daily_channel: int | None  # set on its own, never by saving the defaults
    timer: str | None = None
    quiet_seconds: int | None = None
    battles: int = 0  # 1: takes part in server battles (set on its own, as the names)
    battle_name: str | None = None
    guild_name: str | None = None


class RoundChannel(NamedTuple):
    """A channel where a server's rounds may start."""

    guild_id: int
    channel_id: int


class BannedWord(NamedTuple):
    """A word a server does not accept."""

    guild_id: int
    word: str


class DailyAttemptRow(NamedTuple):
    """A daily attempt (``bot.daily.model.DailyAttempt`` reads it: the same fields, typed)."""

    id: int
    player_id: int
    language: str
    day: str
    day_number: int
    guild_id: int | None
    channel_id: int
    board: str
    max_points: int
    seconds: int
    started_at: float
    finished_at: float | None
    points: int | None
    words: int | None
    flagged: int


class LoggedDailyGuess(NamedTuple):
    """A guess of a daily attempt, accepted or refused, with its seconds from the opening."""

    id: int
    attempt_id: int
    word: str
    verdict: str
    points: int
    elapsed: float


class DailyPost(NamedTuple):
    """The end-of-day post of a server's date in a language: owed (on the outbox) since
    ``claimed_at``; ``posted_at`` is no longer written (the outbox knows when it is out)."""

    guild_id: int
    day: str
    language: str
    claimed_at: float
    posted_at: float | None


class OutboxRow(NamedTuple):
    """A post owed (``bot.kernel.outbox``): until it is sent or given up."""

    id: int
    kind: str
    guild_id: int
    channel_id: int
    payload: str
    owed_at: float
    due_at: float
    tries: int
    sent_at: float | None
    given_up: str | None


class BattleDay(NamedTuple):
    """A server's day in a language: its best five's points added up, its fair attempts."""

    guild_id: int
    language: str
    day: str
    week: str
    points: int
    players: int


class BattleWeek(NamedTuple):
    """A server's week in a language: its days' points added up."""

    guild_id: int
    language: str
    week: str
    points: int


class TournamentRow(NamedTuple):
    """A tournament (``bot.tournaments.model.StoredTournament`` reads it: the same fields,
    typed)."""

    id: int
    guild_id: int
    channel_id: int
    organiser_id: int
    name: str
    format: str
    rounds: int
    break_seconds: int
    starts_at: float | None
    size: int
    dice: str
    seconds: int
    mode: str
    min_length: int
    language: str
    dictionary: str
    state: str
    played: int
    announced: int
    next_at: float | None
    opening_at: float | None
    round_id: int | None
    signup_message_id: int | None
    event_id: int | None
    created_at: float
    ended_at: float | None


class TournamentEntrant(NamedTuple):
    """A player signed up for a tournament, and when (the last tie-break)."""

    tournament_id: int
    user_id: int
    joined_at: float


class TournamentRound(NamedTuple):
    """A round a tournament opened, and when it was due."""

    tournament_id: int
    number: int
    round_id: int
    due_at: float


class TournamentScore(NamedTuple):
    """What a round of a tournament gave one entrant (``core.tournament.RoundScore``)."""

    tournament_id: int
    number: int
    user_id: int
    points: int
    words: int
    longest_word: str | None
    best_word: str | None
    best_points: int
    finished: float | None


class TournamentPlace(NamedTuple):
    """An entrant's final place in a finished tournament."""

    tournament_id: int
    guild_id: int
    user_id: int
    place: int
    points: int
    best_word: str | None
    ended_at: float


class TournamentSettings(NamedTuple):
    """A server's tournament organisers' role (None: Manage Server only)."""

    guild_id: int
    organiser_role: int | None


class SeasonSettingsRow(NamedTuple):
    """A server's seasons (``bot.seasons.model.SeasonSettings`` reads it: the same fields,
    typed)."""

    guild_id: int
    length: str
    announce_channel: int | None
    champion_role: int | None


class SeasonRow(NamedTuple):
    """A finished season of a server (``bot.seasons.model.ArchivedSeason`` reads it, without
    ``recap_posted_at``: no longer written, the outbox knows when a recap is out)."""

    guild_id: int
    number: int
    name: str
    starts_at: float
    ends_at: float
    champion_id: int | None
    archived_at: float
    recap_posted_at: float | None


class SeasonPlace(NamedTuple):
    """A player's archived line of a season."""

    guild_id: int
    number: int
    user_id: int
    place: int
    points: int
    words: int
    rounds: int
    wins: int
    longest_word: str | None
    best_round: int


class EarnedAchievement(NamedTuple):
    """A tier of an achievement a player earned in a server."""

    guild_id: int
    user_id: int
    code: str
    tier: int
    earned_at: float


Record = (
    RoundRow
    | LoggedGuess
    | FoundWord
    | PlayerResult
    | Standing
    | PlayerName
    | ServerDefaults
    | RoundChannel
    | BannedWord
    | DailyAttemptRow
    | LoggedDailyGuess
    | DailyPost
    | TournamentRow
    | TournamentEntrant
    | TournamentRound
    | TournamentScore
    | TournamentPlace
    | TournamentSettings
    | BattleDay
    | BattleWeek
    | SeasonSettingsRow
    | SeasonRow
    | SeasonPlace
    | EarnedAchievement
    | OutboxRow
    | WorldSecretRow
    | WorldChannelRow
    | WorldRoundRow
    | WorldEntryRow
    | WorldWordRow
)
