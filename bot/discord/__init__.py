"""The discord.py adapter, a kit naming no feature: the bot (which installs each feature's
Discord side as a plug-in, handed in by ``bot.app``), its entry point and what every feature's
Discord side shares; each feature's commands, buttons and views are in its own folder
(``bot/<feature>/discord/``)."""
