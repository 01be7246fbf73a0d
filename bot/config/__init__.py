"""Settings from the environment and the shards this process runs: imports only core and storage targets."""
