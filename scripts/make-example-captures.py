#!/usr/bin/env python3
"""Writes Examples/*.sse and *.jsonl from the Markdown examples: a capture as `curl -N` would
save it from the product's endpoint (shared/seeds/000), with `: t=<ms>` arrival stamps and ids,
timed like a jittery mobile link. Deterministic: re-running gives the same files."""
import json, random, re

def chunks(text, rng):
    tokens = re.findall(r"\s*\S+|\s+", text)
    i = 0
    while i < len(tokens):
        n = rng.randint(1, 4)
        yield "".join(tokens[i:i + n])
        i += n

def timeline(text, seed):
    rng = random.Random(seed)
    t = 700
    for piece in chunks(text, rng):
        yield t, piece
        t += rng.randint(20, 260) + (rng.randint(1200, 2500) if rng.random() < 0.03 else 0)

def write(name, seed):
    text = open(f"Examples/{name}.md", encoding="utf-8").read()
    events = list(timeline(text, seed))
    done_at = events[-1][0] + 40
    with open(f"Examples/{name}.sse", "w", encoding="utf-8") as sse:
        sse.write(": t=0\n: connected\n\n")
        for n, (t, piece) in enumerate(events, 1):
            payload = json.dumps({"type": "delta", "content": piece}, ensure_ascii=False)
            sse.write(f": t={t}\nid: {n}\ndata: {payload}\n\n")
        sse.write(f": t={done_at}\nid: {len(events) + 1}\ndata: " + json.dumps({"type": "done", "usage": {"output_tokens": len(events)}}) + "\n\n")
    with open(f"Examples/{name}.jsonl", "w", encoding="utf-8") as jsonl:
        for t, piece in events:
            jsonl.write(json.dumps({"t": t, "type": "delta", "content": piece}, ensure_ascii=False) + "\n")
        jsonl.write(json.dumps({"t": done_at, "type": "done"}) + "\n")

write("ar-lease", 7)
write("en-ar-mixed", 11)
