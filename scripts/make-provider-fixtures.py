#!/usr/bin/env python3
"""Writes Examples/providers/*: one realistic capture per provider format, in Arabic and in
English, with the provider's own framing (ids, pings, tool calls, thinking, usage) and `: t=`
arrival stamps. Deterministic: re-running gives the same files."""
import json, random, re

AR = open("Examples/ar-lease.md", encoding="utf-8").read().split("## البند الثالث")[0].rstrip() + "\n"
EN = open("Examples/en-ar-mixed.md", encoding="utf-8").read()

def pieces(text, seed):
    rng = random.Random(seed)
    tokens = re.findall(r"\s*\S+|\s+", text)
    out, i, t = [], 0, 450
    while i < len(tokens):
        n = rng.randint(1, 3)
        out.append((t, "".join(tokens[i:i + n])))
        i += n
        t += rng.randint(25, 180)
    return out, t

def dumps(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))

def sse(path, frames):
    with open(path, "w", encoding="utf-8") as f:
        for t, event, data, eid in frames:
            f.write(f": t={t}\n")
            if eid is not None:
                f.write(f"id: {eid}\n")
            if event:
                f.write(f"event: {event}\n")
            f.write(f"data: {data}\n\n")

def openai_chat(text, seed, lang):
    parts, end = pieces(text, seed)
    cid = f"chatcmpl-{lang}42"
    def chunk(delta, finish=None, choices=True, usage=None):
        body = {"id": cid, "object": "chat.completion.chunk", "created": 1763700000, "model": "gpt-4o-2024-08-06",
                "choices": [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}] if choices else []}
        if usage: body["usage"] = usage
        return dumps(body)
    frames = [(300, None, chunk({"role": "assistant", "content": ""}), None)]
    frames.append((340, None, chunk({"tool_calls": [{"index": 0, "id": "call_1", "type": "function",
                  "function": {"name": "lookup_clause", "arguments": ""}}]}), None))
    frames.append((380, None, chunk({"tool_calls": [{"index": 0, "function": {"arguments": "{\"n\":3}"}}]}), None))
    frames += [(t, None, chunk({"content": p}), None) for t, p in parts]
    frames.append((end, None, chunk({}, finish="stop"), None))
    frames.append((end + 10, None, chunk({}, choices=False, usage={"prompt_tokens": 120, "completion_tokens": len(parts), "total_tokens": 120 + len(parts)}), None))
    frames.append((end + 12, None, "[DONE]", None))
    sse(f"Examples/providers/openai-chat-{lang}.sse", frames)

def openai_responses(text, seed, lang):
    parts, end = pieces(text, seed)
    rid = f"resp_{lang}7"
    def ev(t, kind, **body):
        return (t, kind, dumps({"type": kind, **body}), None)
    frames = [ev(200, "response.created", response={"id": rid, "status": "in_progress"}),
              ev(260, "response.reasoning_summary_text.delta", item_id="rs_1", delta="Checking the clause…"),
              ev(300, "response.output_item.added", output_index=0, item={"id": "msg_1", "type": "message", "role": "assistant"}),
              ev(320, "response.content_part.added", item_id="msg_1", part={"type": "output_text", "text": ""})]
    frames += [ev(t, "response.output_text.delta", item_id="msg_1", output_index=0, content_index=0, delta=p) for t, p in parts]
    frames += [ev(end, "response.output_text.done", item_id="msg_1", text=text),
               ev(end + 20, "response.completed", response={"id": rid, "status": "completed",
                  "usage": {"input_tokens": 120, "output_tokens": len(parts)}})]
    sse(f"Examples/providers/openai-responses-{lang}.sse", frames)

def anthropic(text, seed, lang):
    parts, end = pieces(text, seed)
    def ev(t, kind, **body):
        return (t, kind, dumps({"type": kind, **body}), None)
    frames = [ev(250, "message_start", message={"id": f"msg_{lang}01", "type": "message", "role": "assistant", "content": [],
                  "model": "claude-sonnet-4-5", "usage": {"input_tokens": 120, "output_tokens": 1}}),
              ev(280, "content_block_start", index=0, content_block={"type": "thinking", "thinking": ""}),
              ev(300, "content_block_delta", index=0, delta={"type": "thinking_delta", "thinking": "The user wants the clause."}),
              ev(320, "content_block_delta", index=0, delta={"type": "signature_delta", "signature": "EqQBCg=="}),
              ev(340, "content_block_stop", index=0),
              ev(360, "content_block_start", index=1, content_block={"type": "text", "text": ""}),
              ev(400, "ping")]
    frames += [ev(t, "content_block_delta", index=1, delta={"type": "text_delta", "text": p}) for t, p in parts]
    frames += [ev(end, "content_block_stop", index=1),
               ev(end + 10, "message_delta", delta={"stop_reason": "end_turn", "stop_sequence": None}, usage={"output_tokens": len(parts)}),
               ev(end + 12, "message_stop")]
    sse(f"Examples/providers/anthropic-{lang}.sse", frames)

def polling(text, seed, lang):
    parts, end = pieces(text, seed)
    with open(f"Examples/providers/polling-{lang}.jsonl", "w", encoding="utf-8") as f:
        shown, poll = "", 2000
        for t, p in parts:
            while t > poll:
                f.write(dumps({"t": poll, "id": "m-77", "content": shown, "isComplete": False, "timestamp": "2025-01-30T10:00:00Z"}) + "\n")
                poll += 2000
            shown += p
        f.write(dumps({"t": poll, "id": "m-77", "content": shown, "isComplete": True, "timestamp": "2025-01-30T10:00:00Z"}) + "\n")

def product(text, seed, lang):
    parts, end = pieces(text, seed)
    frames = [(t, None, dumps({"type": "delta", "content": p}), i + 1) for i, (t, p) in enumerate(parts)]
    frames.append((end, None, dumps({"type": "done", "usage": {"output_tokens": len(parts)}}), len(parts) + 1))
    sse(f"Examples/providers/product-{lang}.sse", frames)

import os
os.makedirs("Examples/providers", exist_ok=True)
for lang, text, seed in (("ar", AR, 3), ("en", EN, 5)):
    openai_chat(text, seed, lang)
    openai_responses(text, seed, lang)
    anthropic(text, seed, lang)
    polling(text, seed, lang)
    product(text, seed, lang)
