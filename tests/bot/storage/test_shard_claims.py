"""Who runs which shards: a claim is exclusive while its process lives and free once it dies
(on both engines: lock files beside SQLite's file, advisory locks on PostgreSQL)."""

from __future__ import annotations

import asyncio
import sys
import textwrap

from bot.stores import Storage
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
        from bot.stores import Storage

        async def main():
            store = await Storage.open({store_target.target!r})
            print(sorted(await store.claim_shards([0], 2)), flush=True)
            await asyncio.sleep(60)

        asyncio.run(main())
        """
    )
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", holder, stdout=asyncio.subprocess.PIPE
    )
    try:
        assert child.stdout is not None
        assert (await asyncio.wait_for(child.stdout.readline(), 30)).strip() == b"[0]"
        store = await store_target.open()
        try:
            assert await store.claim_shards([0], 2) == frozenset()
            child.kill()
            await asyncio.wait_for(child.wait(), 10)
            # PostgreSQL ends the dead client's session as soon as it sees its socket closed
            for _ in range(100):
                if await store.claim_shards([0], 2):
                    break
                await asyncio.sleep(0.05)
            assert await store.claim_shards([0], 2) == {0}
        finally:
            await store.close()
    finally:
        if child.returncode is None:
            child.kill()
        await child.wait()


async def test_a_database_in_memory_has_no_one_to_share_with() -> None:
    store = await Storage.open(":memory:")
    try:
        assert await store.claim_shards([0, 3], 4) == {0, 3}
    finally:
        await store.close()
