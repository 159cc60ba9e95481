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

def anthropic_thinking(text, seed, lang):
    """Extended thinking for 4 s, then a web search (2 s) before the answer: what a reader of a
    reasoning model waits through, with "Thinking… 4s", "Searching…", then "Thought for 4s"."""
    parts, end = pieces(text, seed)
    shift = 6000
    def ev(t, kind, **body):
        return (t, kind, dumps({"type": kind, **body}), None)
    frames = [ev(250, "message_start", message={"id": f"msg_{lang}02", "type": "message", "role": "assistant", "content": [],
                  "model": "claude-sonnet-4-5", "usage": {"input_tokens": 120, "output_tokens": 1}}),
              ev(280, "content_block_start", index=0, content_block={"type": "thinking", "thinking": ""})]
    thoughts = ["The user wants the clause.", " Check the governing law first.", " Then the notice period.",
                " Look up the current rule.", " Compare both drafts.", " Decide what to quote."]
    t = 300
    for i in range(8):
        frames.append(ev(t, "content_block_delta", index=0, delta={"type": "thinking_delta", "thinking": thoughts[i % len(thoughts)]}))
        t += 500
    frames += [ev(4200, "content_block_delta", index=0, delta={"type": "signature_delta", "signature": "EqQBCg=="}),
               ev(4220, "content_block_stop", index=0),
               ev(4300, "content_block_start", index=1, content_block={"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {}}),
               ev(4320, "content_block_delta", index=1, delta={"type": "input_json_delta", "partial_json": dumps({"query": "commercial lease termination notice"})}),
               ev(4340, "content_block_stop", index=1),
               ev(6300, "content_block_start", index=2, content_block={"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": []}),
               ev(6320, "content_block_stop", index=2),
               ev(6360, "content_block_start", index=3, content_block={"type": "text", "text": ""}),
               ev(6400, "ping")]
    frames += [ev(t + shift, "content_block_delta", index=3, delta={"type": "text_delta", "text": p}) for t, p in parts]
    frames += [ev(end + shift, "content_block_stop", index=3),
               ev(end + shift + 10, "message_delta", delta={"stop_reason": "end_turn", "stop_sequence": None}, usage={"output_tokens": len(parts)}),
               ev(end + shift + 12, "message_stop")]
    sse(f"Examples/providers/anthropic-thinking-{lang}.sse", frames)

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

def gemini(text, seed, lang):
    """Gemini streamGenerateContent?alt=sse: a thought part first (includeThoughts), then text
    parts, the last chunk with finishReason STOP and usageMetadata; no event names, no ids."""
    parts, end = pieces(text, seed)
    def chunk(part_list, finish=None, usage=None):
        candidate = {"content": {"parts": part_list, "role": "model"}, "index": 0}
        if finish: candidate["finishReason"] = finish
        body = {"candidates": [candidate], "modelVersion": "gemini-2.5-flash", "responseId": f"gm-{lang}-1"}
        if usage: body["usageMetadata"] = usage
        return dumps(body)
    frames = [(380, None, chunk([{"text": "Checking the clause the user asked about.", "thought": True}]), None)]
    frames += [(t, None, chunk([{"text": p}]), None) for t, p in parts[:-1]]
    last_t, last_p = parts[-1]
    frames.append((last_t, None, chunk([{"text": last_p}], finish="STOP",
                   usage={"promptTokenCount": 120, "candidatesTokenCount": len(parts), "totalTokenCount": 120 + len(parts)}), None))
    sse(f"Examples/providers/gemini-{lang}.sse", frames)

def gemini_array(text, seed, lang):
    """Gemini streamGenerateContent without alt=sse: one JSON array of the same responses, as
    the body arrives (no arrival stamps: --network times it)."""
    parts, end = pieces(text, seed)
    body = [{"candidates": [{"content": {"parts": [{"text": p}], "role": "model"}, "index": 0}], "modelVersion": "gemini-2.5-flash"}
            for _, p in parts]
    body[-1]["candidates"][0]["finishReason"] = "STOP"
    body[-1]["usageMetadata"] = {"promptTokenCount": 120, "candidatesTokenCount": len(parts), "totalTokenCount": 120 + len(parts)}
    with open(f"Examples/providers/gemini-array-{lang}.json", "w", encoding="utf-8") as f:
        f.write("[" + ",\n".join(dumps(item) for item in body) + "]\n")

def ai_sdk(text, seed, lang):
    """The AI SDK's UI message stream (v5): start, a reasoning part, a tool call with its output,
    one text part, finish, then [DONE]."""
    parts, end = pieces(text, seed)
    def ev(t, kind, **body):
        return (t, None, dumps({"type": kind, **body}), None)
    frames = [ev(200, "start", messageId=f"msg-{lang}-5"), ev(210, "start-step"),
              ev(240, "reasoning-start", id="r0"), ev(260, "reasoning-delta", id="r0", delta="Looking up the clause."),
              ev(280, "reasoning-end", id="r0"),
              ev(300, "tool-input-start", toolCallId="call_1", toolName="lookupClause"),
              ev(320, "tool-input-available", toolCallId="call_1", toolName="lookupClause", input={"n": 3}),
              ev(360, "tool-output-available", toolCallId="call_1", output={"found": True}),
              ev(400, "text-start", id="t0")]
    frames += [ev(t, "text-delta", id="t0", delta=p) for t, p in parts]
    frames += [ev(end, "text-end", id="t0"), ev(end + 5, "finish-step"), ev(end + 10, "finish"), (end + 12, None, "[DONE]", None)]
    sse(f"Examples/providers/ai-sdk-{lang}.sse", frames)

def ollama(text, seed, lang):
    """Ollama's /api/chat NDJSON as it arrives, with no arrival stamps: --network times it."""
    parts, end = pieces(text, seed)
    with open(f"Examples/providers/ollama-{lang}.jsonl", "w", encoding="utf-8") as f:
        for i, (t, p) in enumerate(parts):
            f.write(dumps({"model": "qwen3:8b", "created_at": f"2025-11-20T10:00:{i // 60:02d}.{i % 60:02d}0000Z",
                           "message": {"role": "assistant", "content": p}, "done": False}) + "\n")
        f.write(dumps({"model": "qwen3:8b", "created_at": "2025-11-20T10:01:00.000000Z", "message": {"role": "assistant", "content": ""},
                       "done": True, "done_reason": "stop", "total_duration": 4883583458, "eval_count": len(parts)}) + "\n")

def ai_sdk_data(text, seed, lang):
    """The AI SDK's data stream protocol (v4, toDataStreamResponse): one part a line, served as
    text/plain, so saved as .txt; no arrival stamps (--network times it). A step with reasoning
    and a tool call and its result, then a step of text, data and an annotation, e:/d: finishes."""
    parts, end = pieces(text, seed)
    lines = [f'f:{dumps({"messageId": f"step_{lang}1"})}',
             f'g:{dumps("The user asks about clause 3; look it up.")}',
             f'9:{dumps({"toolCallId": "call-123", "toolName": "lookupClause", "args": {"n": 3}})}',
             f'a:{dumps({"toolCallId": "call-123", "result": {"found": True}})}',
             f'e:{dumps({"finishReason": "tool-calls", "usage": {"promptTokens": 120, "completionTokens": 9}, "isContinued": False})}',
             f'f:{dumps({"messageId": f"step_{lang}2"})}',
             f'2:{dumps([{"clause": 3}])}']
    lines += [f"0:{dumps(p)}" for _, p in parts]
    lines += [f'8:{dumps([{"id": f"msg-{lang}", "source": "lease.pdf"}])}',
              f'e:{dumps({"finishReason": "stop", "usage": {"promptTokens": 140, "completionTokens": len(parts)}, "isContinued": False})}',
              f'd:{dumps({"finishReason": "stop", "usage": {"promptTokens": 260, "completionTokens": len(parts) + 9}})}']
    with open(f"Examples/providers/ai-sdk-data-{lang}.txt", "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")

def cohere(text, seed, lang):
    """Cohere's v2 chat stream (/v2/chat, stream: true) from a reasoning model: message-start,
    a thinking content block, the text block with a citation, message-end COMPLETE with usage."""
    parts, end = pieces(text, seed)
    def ev(t, kind, **body):
        return (t, kind, dumps({"type": kind, **body}), None)
    def content(index, **fields):
        return {"message": {"content": fields}}
    frames = [(200, "message-start", dumps({"id": f"c0-{lang}-29f1", "type": "message-start", "delta": {"message": {
                  "role": "assistant", "content": [], "tool_plan": "", "tool_calls": [], "citations": []}}}), None),
              ev(240, "content-start", index=0, delta=content(0, type="thinking", thinking="")),
              ev(280, "content-delta", index=0, delta=content(0, thinking="The user wants clause 3.")),
              ev(300, "content-end", index=0),
              ev(340, "content-start", index=1, delta=content(1, type="text", text=""))]
    frames += [ev(t, "content-delta", index=1, delta=content(1, text=p)) for t, p in parts]
    frames += [ev(end, "citation-start", index=0, delta={"message": {"citations": {"start": 0, "end": 8, "text": parts[0][1],
                  "sources": [{"type": "document", "id": "doc:0", "document": {"title": "lease"}}]}}}),
               ev(end + 2, "citation-end", index=0),
               ev(end + 5, "content-end", index=1),
               ev(end + 10, "message-end", delta={"finish_reason": "COMPLETE", "usage": {
                  "billed_units": {"input_tokens": 120, "output_tokens": len(parts)}, "tokens": {"input_tokens": 180, "output_tokens": len(parts) + 6}}})]
    sse(f"Examples/providers/cohere-{lang}.sse", frames)

def openai_compatible(text, seed, lang, server):
    """An OpenAI-compatible server's chat completion stream, each with its documented quirks:
    vLLM (continuous_usage_stats: usage on every chunk, then a usage-only chunk; reasoning_content),
    Mistral (a `p` padding field; usage in the finishing chunk; Magistral's content chunk lists),
    Groq (x_groq with the request id first and the usage last), LM Studio (system_fingerprint)."""
    parts, end = pieces(text, seed)
    model = {"vllm": "Qwen/Qwen3-8B", "mistral": "magistral-medium-latest", "groq": "llama-3.3-70b-versatile",
             "lmstudio": "qwen2.5-7b-instruct"}[server]
    cid = {"vllm": f"chatcmpl-{lang}9b1e", "mistral": f"{lang}4d2a9c1e", "groq": f"chatcmpl-{lang}-7f3e",
           "lmstudio": f"chatcmpl-{lang}lm51"}[server]
    used = [0]
    def chunk(delta, finish=None, choices=True, extra=None):
        body = {"id": cid, "object": "chat.completion.chunk", "created": 1763700000, "model": model}
        if server == "lmstudio": body["system_fingerprint"] = model
        if server == "groq": body["system_fingerprint"] = "fp_3884478861"
        body["choices"] = [{"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}] if choices else []
        if server == "vllm" and choices:
            used[0] += 1
            body["usage"] = {"prompt_tokens": 120, "total_tokens": 120 + used[0], "completion_tokens": used[0]}
        if server == "mistral": body["p"] = "abcdefghijklmnopqrstuvwxyz0123456789"[: 1 + len(dumps(delta)) % 30]
        if extra: body.update(extra)
        return dumps(body)
    first = {"role": "assistant", "content": ""}
    frames = [(300, None, chunk(first, extra={"x_groq": {"id": f"req_{lang}01jbd6g2"}} if server == "groq" else None), None)]
    if server == "vllm":
        frames.append((330, None, chunk({"reasoning_content": "The user wants clause 3."}), None))
    if server == "mistral":
        frames.append((330, None, chunk({"content": [{"type": "thinking", "thinking": [{"type": "text", "text": "The user wants clause 3."}]}]}), None))
    for i, (t, p) in enumerate(parts):
        last = i == len(parts) - 1
        if server == "mistral" and last:
            frames.append((t, None, chunk({"content": [{"type": "text", "text": p}]}, finish="stop",
                           extra={"usage": {"prompt_tokens": 120, "total_tokens": 120 + len(parts), "completion_tokens": len(parts)}}), None))
        else:
            frames.append((t, None, chunk({"content": p}), None))
    if server != "mistral":
        usage = {"queue_time": 0.0179, "prompt_tokens": 120, "prompt_time": 0.0065, "completion_tokens": len(parts),
                 "completion_time": 0.21, "total_tokens": 120 + len(parts), "total_time": 0.2165}
        frames.append((end, None, chunk({}, finish="stop", extra={"x_groq": {"id": f"req_{lang}01jbd6g2", "usage": usage}}
                                        if server == "groq" else None), None))
    if server == "vllm":
        frames.append((end + 5, None, chunk({}, choices=False, extra={"usage": {"prompt_tokens": 120, "total_tokens": 120 + len(parts),
                       "completion_tokens": len(parts)}}), None))
    frames.append((end + 8, None, "[DONE]", None))
    sse(f"Examples/providers/{server}-{lang}.sse", frames)

import os
os.makedirs("Examples/providers", exist_ok=True)
for lang, text, seed in (("ar", AR, 3), ("en", EN, 5)):
    openai_chat(text, seed, lang)
    openai_responses(text, seed, lang)
    anthropic(text, seed, lang)
    anthropic_thinking(text, seed, lang)
    polling(text, seed, lang)
    product(text, seed, lang)
    gemini(text, seed, lang)
    gemini_array(text, seed, lang)
    ai_sdk(text, seed, lang)
    ollama(text, seed, lang)
    ai_sdk_data(text, seed, lang)
    cohere(text, seed, lang)
    for server in ("vllm", "mistral", "groq", "lmstudio"):
        openai_compatible(text, seed, lang, server)
