"""Throughput and start-up figures for mjscore (not a test). One run prints:

- hands/second through the Python API (`scorer.core.engine.score`), hk-old and (when variants/xiamen.yaml
  exists) Xiamen gold hands;
- hands/second through `mjscore batch` (a subprocess on a JSON Lines file): --jobs 1 and --jobs 1
  --format jsonl in CPU time (main process and workers, start-up included) against the API's CPU time;
  --jobs 2 in wall time against --jobs 1's, with the CPU time of its main process and of its worker
  and the ratio two idle cores would give (2 x CPU of --jobs 1 / CPU of --jobs 2, while the main
  process's own work, --jobs 1 less the API's time, stays under half of it);
- the `mahjong` package's HandCalculator.estimate_hand_value and pymahjonggb's MahjongFanCalculator on
  the same hk-old hands (each skipped with a message when it is not installed);
- start-up: `mjscore --help`, one `mjscore score`, and `python -c "import click"`;
- streaming: wall time and peak memory (max RSS) of `mjscore batch` over --stream-n records;
- with --profile, the top functions of a cProfile run of the API loop.

Hands are generated once, seeded (tests/gen.py): hk-old standard hands, about 30% of them with exposed
melds, with 3% seven-pairs hands mixed in; Xiamen: five-set hands with a random gold indicator. hk-old refuses hands under 3 faan; every figure here uses
`--rule min_faan=0` (rules={"min_faan": 0}) so that every hand is fully scored and paid (a refused hand
costs the same work up to the payment step). Errors of the other libraries (a hand with no yaku in
riichi, under 8 fan in MCR) count as work done.

    python bench/bench.py                 # 100,000 hands (best of 3 runs), 1,000,000 streamed records
    python bench/bench.py --n 10000 --stream-n 100000 --profile
"""
from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from scorer.core import engine  # noqa: E402
from scorer.errors import MjError  # noqa: E402
from scorer.notation.parse import parse_hand  # noqa: E402
from tests.gen import benchmark_hands, random_context, random_winning  # noqa: E402

HK_RULES = {"min_faan": 0}


def hk_hands(n: int, seed: int = 2024) -> list[tuple[str, dict]]:
    return benchmark_hands(n, seed)


def xiamen_hands(n: int, seed: int = 2025) -> list[tuple[str, dict]]:
    """Five-set (17-tile) hands with a gold indicator; a third of them hold a gold tile or more."""
    rng = random.Random(seed)
    from scorer.notation.tiles import tile_name

    out = []
    for _ in range(n):
        hand = random_winning(rng, sets=5, meld_rate=0.2)
        ctx = random_context(rng)
        ctx["indicator"] = tile_name(rng.randrange(34))
        out.append((hand, ctx))
    return out


def rate(n, seconds):
    return f"{n / seconds:10,.0f} hands/s  ({seconds:6.2f} s for {n:,})"


def api(hands, variant, rules, timer=time.perf_counter):
    """(seconds, scored, refused) for scoring every hand through the Python API."""
    scored = refused = 0
    t = timer()
    for hand, ctx in hands:
        try:
            engine.score(hand, ctx, variant=variant, rules=rules)
            scored += 1
        except MjError:
            refused += 1
    return timer() - t, scored, refused


def _hwm(pid) -> int:
    """Peak RSS so far of a running process (Linux VmHWM; it starts afresh at exec, unlike ru_maxrss,
    which a child inherits from this big parent process), in bytes; 0 when unknown."""
    try:
        with open(f"/proc/{pid}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return 0


# `mjscore batch` run as the console script runs it, telling at exit its own CPU time and its
# workers' (a --jobs pool is joined before exit, so RUSAGE_CHILDREN holds every worker)
_CPU_WRAPPER = """
import atexit, os, resource, sys
def _cpu():
    me, kids = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    with open(os.environ["MJSCORE_BENCH_CPU"], "w") as f:
        f.write(f"{me.ru_utime + me.ru_stime} {kids.ru_utime + kids.ru_stime}")
atexit.register(_cpu)
sys.argv = ["mjscore", *sys.argv[1:]]
from scorer.cli.main import main
main()
"""


class BatchRun(NamedTuple):
    wall: float  # seconds, start-up included
    main_cpu: float  # CPU seconds of the process that reads, keeps the ledger, writes (and scores)
    pool_cpu: float  # CPU seconds of its --jobs workers
    peak: int  # peak RSS bytes of the main process

    @property
    def cpu(self) -> float:
        return self.main_cpu + self.pool_cpu


def batch_cli(path, jobs, extra=()) -> BatchRun:
    """One `mjscore batch` run, output to /dev/null: wall time, CPU time of the main process and of
    its workers, peak memory."""
    with tempfile.NamedTemporaryFile("r", suffix=".cpu") as cpu:
        cmd = [sys.executable, "-c", _CPU_WRAPPER, "batch", str(path), "--jobs", str(jobs), *extra]
        t = time.perf_counter()
        p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT,
                             env={**os.environ, "MJSCORE_BENCH_CPU": cpu.name})
        peak = 0
        while p.poll() is None:
            peak = max(peak, _hwm(p.pid))
            time.sleep(0.05)
        dt = time.perf_counter() - t
        if p.returncode not in (0, 1):
            raise SystemExit(f"mjscore batch failed ({p.returncode})")
        main_cpu, pool_cpu = map(float, cpu.read().split())
    return BatchRun(dt, main_cpu, pool_cpu, peak)


def write_jsonl(path, hands, rules, repeat=1):
    with open(path, "w") as f:
        f.write(json.dumps({"rules": rules}) + "\n")
        for _ in range(repeat):
            for hand, ctx in hands:
                f.write(json.dumps({"hand": hand, **ctx}) + "\n")


# ---- the other libraries -------------------------------------------------------------------------

def riichi_inputs(hands):
    """hk-old hands as the `mahjong` package wants them (136 ids, kongs as 4 tiles in `tiles`)."""
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld

    out = []
    for hand, ctx in hands:
        h = parse_hand(hand)
        used = [0] * 34

        def take(t):
            used[t] += 1
            return t * 4 + used[t] - 1

        melds, tiles = [], []
        for m in h.melds:
            ids = [take(t) for t in m.tiles]
            kind = {"chow": Meld.CHI, "pung": Meld.PON, "kong": Meld.KAN}[m.kind]
            melds.append(Meld(kind, ids, opened=not m.concealed))
            tiles += ids
        win = None
        for t in h.concealed:
            i = take(t)
            tiles.append(i)
            if t == h.win_tile and win is None:
                win = i
        winds = {"E": 27, "S": 28, "W": 29, "N": 30}
        cfg = HandConfig(is_tsumo=bool(ctx.get("self_draw")), player_wind=winds[ctx["seat"]],
                         round_wind=winds[ctx["round"]])
        out.append((tiles, win, melds, cfg))
    return out


def mcr_inputs(hands):
    """hk-old hands as pymahjonggb's MahjongFanCalculator wants them."""
    def code(t):
        if t < 27:
            return "WBT"[t // 9] + str(t % 9 + 1)
        return f"F{t - 26}" if t < 31 else {31: "J3", 32: "J2", 33: "J1"}[t]

    out = []
    for hand, ctx in hands:
        h = parse_hand(hand)
        packs = []
        for m in h.melds:
            kind = {"chow": "CHI", "pung": "PENG", "kong": "GANG"}[m.kind]
            tile = m.tile + 1 if m.kind == "chow" else m.tile
            offer = 0 if m.concealed else (m.claimed or 1) if m.kind == "chow" else (m.supplier or 1)
            packs.append((kind, code(tile), offer))
        concealed = list(h.concealed)
        concealed.remove(h.win_tile)
        seat = "ESWN".index(ctx["seat"])
        out.append((tuple(packs), tuple(code(t) for t in concealed), code(h.win_tile), 0,
                    bool(ctx.get("self_draw")), False, False, False, seat, "ESWN".index(ctx["round"])))
    return out


def bench_riichi(hands):
    try:
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError:
        return None, "skipped: the `mahjong` package is not installed (pip install mahjong==2.1.0)"
    inputs = riichi_inputs(hands)
    calc = HandCalculator()
    errors = 0
    t = time.perf_counter()
    for tiles, win, melds, cfg in inputs:
        r = calc.estimate_hand_value(tiles, win, melds=melds, config=cfg)
        errors += r.error is not None
    return time.perf_counter() - t, f"{errors:,} of {len(inputs):,} returned an error (no yaku...)"


def bench_mcr(hands):
    try:
        from MahjongGB import MahjongFanCalculator
    except ImportError:
        return None, "skipped: pymahjonggb is not installed (pip install pymahjonggb)"
    inputs = mcr_inputs(hands)
    errors = 0
    t = time.perf_counter()
    for args in inputs:
        try:
            MahjongFanCalculator(*args)
        except Exception:  # noqa: BLE001 - its "not a win" and "under 8 fan" are exceptions
            errors += 1
    return time.perf_counter() - t, f"{errors:,} of {len(inputs):,} raised (not a win / under 8 fan)"


# ---- start-up --------------------------------------------------------------------------------------

def startup(cmd, runs=7):
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=ROOT, check=False)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--n", type=int, default=100_000, help="hands per measurement (default 100,000)")
    ap.add_argument("--stream-n", type=int, default=1_000_000, help="records for the streaming run (0: skip)")
    ap.add_argument("--xiamen-n", type=int, default=10_000,
                    help="Xiamen gold hands (default 10,000: wild-tile readings are ~10x slower)")
    ap.add_argument("--repeat", type=int, default=3,
                    help="runs of every throughput figure, each on new hands; the best is reported (default 3)")
    ap.add_argument("--profile", action="store_true", help="cProfile the API loop and print the top functions")
    args = ap.parse_args()
    n = args.n
    print(f"mjscore bench: {n:,} hands, seeded; hk-old with rules min_faan=0 (every hand fully scored); "
          f"python {sys.version.split()[0]}, {os.cpu_count()} CPUs")

    runs = max(1, args.repeat)
    best: dict = {}  # figure -> (seconds, note): the shortest of the repetitions
    runs_of: dict = {}  # figure -> the BatchRun of its shortest repetition
    xiamen = (ROOT / "variants" / "xiamen.yaml").exists()

    def keep(name, dt, note="", run=None):
        if dt is not None and (name not in best or dt < best[name][0]):
            best[name] = (dt, note)
            runs_of[name] = run
        elif name not in best:
            best[name] = (None, note)

    hk = None
    for rep in range(runs):
        # each repetition scores hands it has not seen (another seed), so no cache of a whole hand helps
        t = time.perf_counter()
        hk = hk_hands(n, seed=2024 + rep)
        if rep == 0:
            print(f"generated {n:,} hk-old hands in {time.perf_counter() - t:.1f} s "
                  f"({sum('[' in h or '{' in h for h, _ in hk) / n:.0%} with exposed melds or kongs); "
                  f"each figure is the best of {runs} runs, each run on new hands")
            engine.score(*hk[0], variant="hk-old", rules=HK_RULES)  # load the ruleset once
        dt, ok, bad = api(hk, "hk-old", HK_RULES, timer=time.process_time)
        keep("api", dt, f"{ok:,} scored, {bad:,} refused")
        if xiamen:
            xm = xiamen_hands(min(n, args.xiamen_n), seed=2025 + rep)
            try:
                engine.score(*xm[0], variant="xiamen")
            except MjError:
                pass
            dt, ok, bad = api(xm, "xiamen", None, timer=time.process_time)
            keep("xiamen", dt, f"{ok:,} scored, {bad:,} refused")
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "hands.jsonl"
            write_jsonl(path, hk, HK_RULES)
            # --jobs 1 by CPU time (the machine's load weighs little); --jobs 2 by wall time, which is
            # what a second core buys, against --jobs 1's wall time in the same repetition
            one = batch_cli(path, 1)
            keep("batch1", one.cpu, run=one)
            keep("wall1", one.wall, run=one)
            two = batch_cli(path, 2)
            keep("batch2", two.wall, run=two)
            jsonl = batch_cli(path, 1, ["--format", "jsonl"])
            keep("jsonl", jsonl.cpu, run=jsonl)
        keep("riichi", *bench_riichi(hk))
        keep("mcr", *bench_mcr(hk))

    def line(label, name, count=n):
        dt, note = best[name]
        print(f"{label:32s}" + (f"{rate(count, dt)}  {note}" if dt else note))

    line("API  hk-old", "api")
    if xiamen:
        line("API  xiamen (gold)", "xiamen", min(n, args.xiamen_n))
    else:
        print("API  xiamen                      skipped: variants/xiamen.yaml is missing")
    best["batch1"] = (best["batch1"][0], "(CPU time; text output to /dev/null, start-up included)")
    line("CLI  mjscore batch --jobs 1", "batch1")
    best["jsonl"] = (best["jsonl"][0], "(CPU time; --format jsonl to /dev/null, start-up included)")
    line("CLI  batch --jobs 1 --format jsonl", "jsonl")
    best["wall1"] = (best["wall1"][0], "(wall time, text)")
    line("CLI  mjscore batch --jobs 1", "wall1")
    best["batch2"] = (best["batch2"][0], "(wall time, text)")
    line("CLI  mjscore batch --jobs 2", "batch2")
    line("mahjong HandCalculator", "riichi")
    line("pymahjonggb MahjongFanCalculator", "mcr")
    api_t, b1, b2 = best["api"][0], best["batch1"][0], best["batch2"][0]
    print(f"ratios (CPU time): mjscore batch --jobs 1 = {api_t / b1:.0%} of the API (--format jsonl "
          f"{api_t / best['jsonl'][0]:.0%})"
          + (f"; API = {best['riichi'][0] / api_t:.2f}x the mahjong package" if best["riichi"][0] else ""))
    two, one = runs_of["batch2"], runs_of["batch1"]
    # On two idle cores the two processes share the work (the main process hands a chunk on while the
    # pool has room and scores one itself only when it is full), so --jobs 2 takes half its CPU time
    # as long as the main process's own work (start-up, reading, ledger, writing; pickling comes on
    # top) stays under that half. All are CPU times, so the estimate holds on a loaded machine too.
    own = max(one.cpu - api_t, 0.0)  # the main process's own work: --jobs 1 less the scoring (the API's time)
    idle = one.cpu / max(two.cpu / 2, own)
    print(f"--jobs 2 = {best['wall1'][0] / b2:.2f}x --jobs 1 (wall time, best of {runs}; this machine's load "
          f"weighs on it). CPU time of that --jobs 2 run: main process {two.main_cpu:.2f} s "
          f"({two.main_cpu / two.cpu:.0%}), worker {two.pool_cpu:.2f} s; {two.cpu / one.cpu:.2f}x the CPU "
          f"time of --jobs 1 ({one.cpu:.2f} s). The main process's own work (start-up, reading, ledger, "
          f"writing: --jobs 1 less the API's time) is {own:.2f} s, {own / one.cpu:.0%} of --jobs 1: "
          + ("under half, so the two processes share the work and two idle cores give "
             f"2 / {two.cpu / one.cpu:.2f} = {idle:.2f}x" if own <= two.cpu / 2 else
             f"over half the work, so it sets the pace: two idle cores give {idle:.2f}x"))

    click_t = startup([sys.executable, "-c", "import click"])
    help_t = startup([sys.executable, "-m", "scorer.cli", "--help"])
    exe = [sys.executable, "-c", "from scorer.cli.main import main; main()"]
    score_t = startup(exe + ["score", "[CCC,2] [234s,1] 678m 99p 55s 5s", "--self-draw", "--seat", "W",
                             "--rule", "min_faan=1"])
    print(f"start-up (median of 7): python -c 'import click' {click_t * 1000:.0f} ms; mjscore --help "
          f"{help_t * 1000:.0f} ms; one mjscore score {score_t * 1000:.0f} ms")

    if args.stream_n:
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "stream.jsonl"
            base = hk[: min(n, 100_000)]
            reps = -(-args.stream_n // len(base))
            write_jsonl(path, base, HK_RULES, reps)
            total = reps * len(base)
            size = path.stat().st_size
            dt, _, _, rss = batch_cli(path, 1, ["--format", "jsonl"])
            print(f"stream {total:,} records ({size / 1e6:.0f} MB JSONL, --format jsonl, --jobs 1): "
                  f"{rate(total, dt)}; peak memory (VmHWM) {rss / 1e6:.0f} MB")
            small = Path(d) / "small.jsonl"
            write_jsonl(small, base[:1000], HK_RULES)
            rss_small = batch_cli(small, 1, ["--format", "jsonl"]).peak
            print(f"       the same run over 1,000 records: peak memory {rss_small / 1e6:.0f} MB")

    if args.profile:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        sample = hk[: min(n, 20_000)]
        prof.enable()
        api(sample, "hk-old", HK_RULES)
        prof.disable()
        print(f"\ncProfile of the API loop over {len(sample):,} hands (top 15 by own time):")
        pstats.Stats(prof).sort_stats("tottime").print_stats(15)


if __name__ == "__main__":
    main()
