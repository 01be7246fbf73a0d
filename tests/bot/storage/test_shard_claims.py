"""Who runs which shards: a claim is exclusive while its process lives and free once it dies
(on both engines: lock files beside SQLite's file, advisory locks on PostgreSQL)."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap

from bot.storage import Storage
from tests.stores import StoreTarget


async def test_a_held_shard_is_not_given_to_a_second_process(store_target: StoreTarget) -> None:
    first = await store_target.open()
    second = await store_target.open()
    try:
        assert await first.claim_shards([0, 1], 4) == {0, 1}
        assert await second.claim_shards([1, 2], 4) == {2}  # 1 is the first's
        assert await first.claim_shards([0, 1], 4) == {0, 1}  # asking again keeps them
        assert await second.claim_shards([1, 2], 4) == {2}
        await first.close()
        assert await second.claim_shards([1, 2], 4) == {1, 2}  # released at close
        assert await second.claims_intact()
    finally:
        await second.close()


async def test_a_killed_process_frees_its_shards_at_once(store_target: StoreTarget) -> None:
    holder = textwrap.dedent(
        f"""
        import asyncio, sys
        from bot.storage import Storage

        async def main():
            store = await Storage.open({store_target.target!r})
            print(sorted(await store.claim_shards([0], 2)), flush=True)
            await asyncio.sleep(60)

        asyncio.run(main())
        """
    )
    child = subprocess.Popen([sys.executable, "-c", holder], stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "[0]"
        store = await store_target.open()
        try:
            assert await store.claim_shards([0], 2) == frozenset()
            os.kill(child.pid, signal.SIGKILL)
            child.wait(timeout=10)
            # PostgreSQL ends the dead client's session as soon as it sees its socket closed
            for _ in range(100):
                if await store.claim_shards([0], 2):
                    break
                await asyncio.sleep(0.05)
            assert await store.claim_shards([0], 2) == {0}
        finally:
            await store.close()
    finally:
        child.kill()
        child.wait()


async def test_a_database_in_memory_has_no_one_to_share_with() -> None:
    store = await Storage.open(":memory:")
    try:
        assert await store.claim_shards([0, 3], 4) == {0, 3}
    finally:
        await store.close()
