"""What words mean, for players: ``/boggle define``, the results' Definitions button and the
page's tap on a word, over ``core.definitions``."""
