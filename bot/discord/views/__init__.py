"""Buttons and forms that outlive a message's command: persistent views and dynamic items."""
