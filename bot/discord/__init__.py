"""The discord.py adapter: the bot, its entry point and what every feature's Discord side shares;
each feature's commands, buttons and views are in its own folder (``bot/<feature>/discord/``)."""
