"""`mjscore compare` and `mjscore waits`: thin commands over scorer.core.tools."""
from __future__ import annotations

import click

from .common import context_kwargs, context_options, format_option, run_guarded


@click.command()
@click.argument("hand")
@context_options(skip=("variant",))
@format_option("compare")
@click.option("-V", "--variants", "names", multiple=True, metavar="ID[:KEY=VALUE,...]",
              help="Only these rulesets (repeatable), each with its own house rules; default all shipped.")
def compare(hand, fmt, names, **kw):
    """Score HAND under every shipped ruleset that can express it, side by side.

    \b
    Examples:
      mjscore compare "123m 456p 789s EEE 5s 5s" --self-draw
      mjscore compare "123m 456p 789s EEE 5s 5s" --self-draw \\
                      -V hk-old:min_faan=1 -V hk"""
    _, ctx = context_kwargs(kw)

    def go():
        from ..core import tools
        from ..output.formats import render

        rows = tools.compare(hand, ctx, [tools.ruleset_with_rules(n) for n in names] or None)
        click.echo(render("compare", fmt, hand, rows))

    run_guarded(go, fmt)


@click.command()
@click.argument("hand")
@context_options(skip=("self_draw", "robbed", "kong_draw", "win"))
@click.option("--seen", default="", help="Tiles already visible on the table (discards, others' melds).")
@format_option("waits")
def waits(hand, seen, fmt, **kw):
    """What completes HAND, or which discard to make.

    \b
    A hand one tile short (13 tiles): every tile that completes it, with
    its score by self-draw and by discard (from --discarder, else the
    player on the left). A whole turn (14 tiles): each discard that leaves
    the hand ready with its waits and their values, best first; if none
    does, the shanten and the discards that keep it nearest to ready.

    \b
    Examples:
      mjscore waits "123m 456p 789s 55s 67p"
      mjscore waits "123m 456p 789s 55s 68p 1s"
      mjscore waits "123m 456p 789s 5s 68p 1s E" --seen "7p 7p"
    """
    variant, ctx = context_kwargs(kw)

    def go():
        from ..core import tools
        from ..notation.parse import parse_hand
        from ..output.formats import render
        from ..rulesets.variant import load_variant

        v = load_variant(variant)
        h = parse_hand(hand, partial=True, max_size=3 * v.sets + 2)
        if h.size == 3 * v.sets + 2:
            t = tools.turn(hand, ctx, variant=v, seen=seen)
            click.echo(render("turn", fmt, t))
            return
        w = tools.waits(hand, ctx, variant=v, seen=seen)
        click.echo(render("waits", fmt, w))

    run_guarded(go, fmt)


def run_score(hand, ctx, variant, fmt="text", show_all=False, claim=None, claim_net=None, glyphs=False,
              compact=False) -> int:
    """`mjscore score`: the breakdown, or for a refused hand its explanation then the one-line
    refusal; a claim is answered either way. Returns the exit status."""
    import json

    from ..core import engine
    from ..core.claims import check_refused, parse_claim
    from ..errors import IllegalWin, MjError, NotationError
    from ..notation.format import format_tiles
    from ..output import results as output
    from ..output.render import SCHEMA_VERSION
    from ..rulesets.context_values import check_amount
    from .common import fail

    claims = ([parse_claim(claim)] if claim is not None else []) + (
        [parse_claim(claim_net, net=True)] if claim_net is not None else [])
    for c in claims:
        if c.kind not in ("limit", "words"):  # nan would never equal, inf never be refused
            check_amount("--claim-net" if c.kind == "net" else "--claim", c.amount)
    try:
        result = engine.score(hand, ctx, variant=variant)
    except (IllegalWin, NotationError) as e:
        from ..core.explain import explain, refusal_lines
        from ..rulesets.variant import load_variant

        v = load_variant(variant)
        why = explain(hand, ctx, v, e)
        if why.result is not None:  # below the minimum: the breakdown, then the refusal
            if fmt == "json":
                d = output.result_dict(why.result, show_all, None, glyphs, refused=why.message, minimum=why.counted)
                d["claims"] = [check_refused(c, why.result.value.unit, why.message).as_dict() for c in claims]
                d["error"] = why.message
                click.echo(json.dumps(d, ensure_ascii=False))
            else:
                click.echo(output.refused_text(why.result, why.message, show_all, compact, glyphs, why.counted))
        elif why.shanten is not None and fmt == "text":
            click.echo("\n".join(refusal_lines(hand, ctx, why, v)))
        elif why.shanten is not None:
            s = why.shanten
            click.echo(json.dumps({"schema_version": SCHEMA_VERSION, "error": why.message, "legal": False,
                                   "shanten": s.number, "form": s.form,
                                   "closest": [g.kind + " " + format_tiles(g.tiles, sep="") for g in s.groups],
                                   "left_over": format_tiles(s.left_over).split(),
                                   "tried": [{"form": w, "shanten": n} for w, n, _o in why.tried]}))
        elif fmt == "json":
            click.echo(json.dumps({"schema_version": SCHEMA_VERSION, "error": why.message}))
        if claims and fmt == "text":
            for c in claims:
                click.echo(f"Claim {c.text(why.result.value.unit if why.result else '')}: wrong, the hand is not "
                           "a legal win; nothing is paid.")
        if claims:  # the claim is answered: wrong (status 1), the refusal on stderr
            click.echo(f"mjscore: refused: {why.message}", err=True)
            return 1
        fail(why.message, "text")  # (the JSON object, with its error, is printed above)
    except MjError:
        raise
    if fmt == "json":
        d = output.result_dict(result, show_all, claims[0] if claims and claims[0].kind != "net" else None, glyphs)
        if claims:
            from ..core.claims import check

            d["claims"] = [check(result, c).as_dict() for c in claims]
        click.echo(json.dumps(d, ensure_ascii=False))
    else:
        text = output.result_text(result, show_all=show_all, glyphs=glyphs, compact=compact)
        for c in claims:
            text += "\n\n" + output.claim_text(result, c)
        click.echo(text)
    from ..core.claims import check

    return 0 if all(check(result, c).correct for c in claims) else 1


def run_replay(file, fmt="text", show_all=False, claim=None, claim_net=None, glyphs=False, compact=False) -> int:
    """`mjscore score --replay FILE.json`: the stored result scored again; in text, a last line says
    whether it matches what was stored (total and payments), and a difference exits 1."""
    import json

    from ..core import engine
    from ..core.replay import replay_input
    from ..errors import MjError
    from ..output.results import result_dict

    name = getattr(file, "name", "the file")
    try:
        stored = json.loads(file.read())
    except (ValueError, UnicodeDecodeError) as e:
        raise MjError(f"{name}: not a JSON result ({e})") from None
    hand, variant, ctx = replay_input(stored)
    status = run_score(hand, ctx, variant, fmt, show_all, claim, claim_net, glyphs, compact)
    if "error" in stored or "total" not in stored:
        return status
    again = result_dict(engine.score(hand, ctx, variant=variant))
    same = all(again.get(k) == stored.get(k) for k in ("total", "payments", "net"))
    if fmt == "text":
        click.echo("\n" + (f"Replayed {name}: the same total and payments as stored." if same else
                           f"Replayed {name}: differs from the stored result (stored: "
                           f"{stored['total'].get('value')} {stored['total'].get('unit')}, net {stored.get('net')})."))
    return status if same else 1
