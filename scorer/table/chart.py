"""Each player's running total per event, drawn with matplotlib (the optional `plot` extra)."""
from __future__ import annotations

from ..errors import MjError

MISSING = "drawing a chart needs matplotlib: pip install 'mjscore[plot]'"


class PlotMissing(MjError):
    """matplotlib is not installed."""


def running(paths) -> tuple[list, dict, list]:
    """(x labels, {player: [total after each event]}, [(x, table name, starting points)] where each
    table starts):
    over several tables (a season) each player's total carries on from the previous table. The
    totals are balances: they start at the first table's starting points (25000 at a riichi table),
    what each player held before the first event, not at 0."""
    from .book import Table

    series: dict = {}
    starts = []
    x = 0
    carried: dict = {}
    base = 0
    for path in paths:
        with Table(path) as t:
            _, rows = t.book()
            start = t.meta.get("start") or 0
            if not starts:
                base = start
            starts.append((x, t.meta["name"]))
            for p in t.players:
                series.setdefault(p, [None] * x)
                if len(series[p]) < x:
                    series[p] += [None] * (x - len(series[p]))
                series[p].append(carried.get(p, base))
            for _, standings in rows:
                for p in t.players:
                    series[p].append(carried.get(p, base) + standings[p] - start)
            x += len(rows) + 1
            for p in t.players:
                carried[p] = series[p][-1]
    for p in series:
        series[p] += [None] * (x - len(series[p]))
    return list(range(x)), series, [(x0, name, base) for x0, name in starts]


def chart_tables(paths, out: str) -> str:
    """Write the PNG `out` (never over one of the tables); returns a one-line report."""
    from .outfile import check_out

    check_out(out, paths)
    try:
        import matplotlib
    except ImportError:
        raise PlotMissing(MISSING) from None
    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    xs, series, starts = running(paths)
    fig, ax = plt.subplots(figsize=(8, 4.5), dpi=100)
    try:
        for name, ys in series.items():
            ax.plot(xs, [float("nan") if y is None else y for y in ys], marker="o", markersize=3, label=name)
        for x, _label, _start in starts[1:] if len(starts) > 1 else []:
            ax.axvline(x, color="grey", linewidth=0.5)
        start = starts[0][2]
        ax.axhline(start, color="black", linewidth=0.5)  # the starting points: who is up, who is down
        ax.set_xlim(left=0)
        ax.set_xlabel("event" if len(starts) == 1 else "event (tables in the order given)")
        ax.set_ylabel(f"points (each started at {start:g})")
        ax.set_title(starts[0][1] if len(starts) == 1 else f"season: {len(starts)} tables")
        ax.legend(loc="best")
        fig.tight_layout()
        try:
            fig.savefig(out, format="png")
        except OSError as e:
            from ..errors import OutputError

            raise OutputError(f"--out {out}: cannot write ({e.strerror})") from None
    finally:
        plt.close(fig)
    return f"Wrote {out}: {len(series)} players, {len(xs) - len(starts)} event(s)"
