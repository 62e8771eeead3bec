"""A study on a Dask cluster gives exactly the table of the same study played serially."""

import pandas as pd
import pytest

from savannah_kit import lab
from savannah_kit.lab.runner import executor_width

distributed = pytest.importorskip("dask.distributed", reason="the [scale] extra (Dask) is not installed")


@pytest.mark.slow
def test_a_dask_cluster_plays_the_same_table_as_one_process():
    serial = lab.study("forest", bots="greedy,random", games=30, seed=11, executor="serial", progress=False)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        executor = client.get_executor()
        assert executor_width(executor) == 2
        with distributed.get_task_stream(client) as stream:
            on_dask = lab.study("forest", bots="greedy,random", games=30, seed=11, executor=executor, chunk=4,
                                progress=False)
        chunks = [t for t in stream.data if t["key"].startswith("play_chunk")]
        assert len(chunks) == 8 and len({t["worker"] for t in chunks}) >= 1
    pd.testing.assert_frame_equal(serial, on_dask)
    assert on_dask.attrs["finished"] == 30 and not on_dask.attrs["interrupted"]


@pytest.mark.slow
def test_a_comparison_on_dask_is_the_comparison_played_serially():
    variants = {"8 tokens": {"tokens": 8}}
    serial = lab.compare("circle", variants, games=12, seed=3, executor="serial", progress=False)
    local = lab.compare("circle", variants, games=12, seed=3, workers=2, chunk=3, progress=False)
    with distributed.LocalCluster(n_workers=2, processes=True, threads_per_worker=1,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as client:
        on_dask = lab.compare("circle", variants, games=12, seed=3, executor=client.get_executor(), chunk=3,
                              progress=False)
    for other in (local, on_dask):
        pd.testing.assert_frame_equal(serial.table, other.table)
        pd.testing.assert_frame_equal(serial.summary, other.summary)
