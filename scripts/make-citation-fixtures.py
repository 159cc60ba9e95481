#!/usr/bin/env python3
"""Writes Examples/citations/: one short legal answer, in Arabic and in English, streamed with
five citations of four sources in each provider's own citation events, as each provider's
published stream examples show them. Run from the repository's root; the output is checked in."""
import json
import os

ANSWERS = {
    "ar": {
        "heading": "## مدة التقادم في دعاوى الإيجار\n\n",
        "sentences": [
            ("يحدد القانون المدني مدة التقادم العامة بخمس عشرة سنة.", 0),
            (" ", None),
            ("أما الأجرة وسائر الحقوق الدورية فتتقادم بخمس سنوات.", 0),
            ("\n\n", None),
            ("وقضت محكمة النقض بأن التقادم ينقطع بالمطالبة القضائية.", 1),
            (" ", None),
            ("ويسري هذا الحكم على عقود الإيجار التجارية أيضاً.", 2),
            ("\n\n- ", None),
            ("المادة 375 تنص على التقادم الخمسي للحقوق الدورية المتجددة", 3),
            ("\n", None),
        ],
        "thinking": ["يسأل المستخدم عن مدة التقادم ", "في دعاوى الإيجار. سأراجع المادتين ", "374 و375 من القانون المدني، ", "ثم أبحث عن أحكام محكمة النقض ", "في انقطاع التقادم بالمطالبة القضائية."],
        "query": "محكمة النقض انقطاع التقادم المطالبة القضائية",
        "lead_in": "سأراجع أحكام محكمة النقض في انقطاع التقادم.",
        "sources": [
            ("القانون المدني المصري، المادة 374", "https://manshurat.org/civil-code/374"),
            ("محكمة النقض، الطعن رقم 1234 لسنة 80 ق", "https://www.cc.gov.eg/judgment/1234"),
            ("دليل عقود الإيجار التجارية", "https://www.mohamah.net/law/commercial-lease"),
            ("القانون المدني المصري، المادة 375", "https://manshurat.org/civil-code/375"),
        ],
    },
    "en": {
        "heading": "## Limitation periods in lease claims\n\n",
        "sentences": [
            ("The Civil Code sets the general limitation period at fifteen years.", 0),
            (" ", None),
            ("Rent and other periodic dues, however, lapse after five years.", 0),
            ("\n\n", None),
            ("The Court of Cassation held that a judicial claim interrupts the period.", 1),
            (" ", None),
            ("The same rule applies to commercial leases.", 2),
            ("\n\n- ", None),
            ("Article 375 provides the five-year period for periodic dues", 3),
            ("\n", None),
        ],
        "thinking": ["The user asks about limitation ", "periods for lease claims. I will check ", "Articles 374 and 375 of the Civil Code, ", "then search for Court of Cassation ", "rulings on interruption by a judicial claim."],
        "query": "Court of Cassation interruption limitation judicial claim",
        "lead_in": "Let me check the Court of Cassation's rulings on interruption.",
        "sources": [
            ("Egyptian Civil Code, Article 374", "https://manshurat.org/civil-code/374"),
            ("Court of Cassation, Appeal No. 1234 of Year 80", "https://www.cc.gov.eg/judgment/1234"),
            ("Commercial lease guide", "https://www.mohamah.net/law/commercial-lease"),
            ("Egyptian Civil Code, Article 375", "https://manshurat.org/civil-code/375"),
        ],
    },
}


def pieces(text, words=3):
    """The text in deltas of a few words each, spaces kept with the word before them."""
    out, current, count = [], "", 0
    for char in text:
        current += char
        if char == " ":
            count += 1
            if count == words:
                out.append(current)
                current, count = "", 0
    if current:
        out.append(current)
    return out


class Stream:
    def __init__(self):
        self.t = 200
        self.lines = []

    def event(self, payload, name=None, step=60):
        self.t += step
        self.lines.append(f": t={self.t}")
        if name:
            self.lines.append(f"event: {name}")
        self.lines.append("data: " + (payload if isinstance(payload, str) else json.dumps(payload, ensure_ascii=False)))
        self.lines.append("")

    def text(self):
        return "\n".join(self.lines) + "\n"


def whole(answer):
    return answer["heading"] + "".join(text for text, _ in answer["sentences"])


def cited(answer):
    """(sentence, source index, start, end) in characters of the whole text."""
    offset = len(answer["heading"])
    out = []
    for text, source in answer["sentences"]:
        if source is not None:
            out.append((text, source, offset, offset + len(text)))
        offset += len(text)
    return out


def openai_responses(answer):
    s = Stream()
    s.event({"type": "response.created", "response": {"id": "resp_1", "status": "in_progress"}}, "response.created")
    s.event({"type": "response.output_item.added", "output_index": 0, "item": {"id": "msg_1", "type": "message", "role": "assistant", "content": []}}, "response.output_item.added")
    sent = ""
    todo = cited(answer)
    for piece in pieces(whole(answer)):
        sent += piece
        s.event({"type": "response.output_text.delta", "item_id": "msg_1", "output_index": 0, "content_index": 0, "delta": piece}, "response.output_text.delta")
        while todo and todo[0][3] <= len(sent):
            text, source, start, end = todo.pop(0)
            title, url = answer["sources"][source]
            s.event({"type": "response.output_text.annotation.added", "item_id": "msg_1", "output_index": 0, "content_index": 0,
                     "annotation_index": 4 - len(todo), "annotation": {"type": "url_citation", "start_index": start, "end_index": end, "url": url, "title": title}},
                    "response.output_text.annotation.added")
    s.event({"type": "response.output_text.done", "item_id": "msg_1", "output_index": 0, "content_index": 0, "text": sent}, "response.output_text.done")
    s.event({"type": "response.completed", "response": {"id": "resp_1", "status": "completed", "usage": {"input_tokens": 40, "output_tokens": 120}}}, "response.completed")
    return s.text()


def linked(answer):
    """The answer as OpenAI's web search writes it: each cited sentence ends with a Markdown link
    to its source, in parentheses before the full stop (`([domain](url?utm_source=openai))`);
    with (source index, start, end) of each link, in characters of the whole text."""
    text, links = answer["heading"], []
    for sentence, source in answer["sentences"]:
        if source is None:
            text += sentence
            continue
        title, url = answer["sources"][source]
        domain = url.split("/")[2].removeprefix("www.")
        body, stop = (sentence[:-1], sentence[-1]) if sentence[-1] in ".。" else (sentence, "")
        link = f"[{domain}]({url}?utm_source=openai)"
        text += body + " ("
        links.append((source, len(text), len(text) + len(link)))
        text += link + ")" + stop
    return text, links


def openai_web_search(answer):
    """OpenAI Responses with its web search tool: the search call's events, then the answer whose
    `url_citation` annotations each cover the Markdown link the model wrote for its source."""
    s = Stream()
    s.event({"type": "response.created", "response": {"id": "resp_2", "status": "in_progress"}}, "response.created")
    s.event({"type": "response.output_item.added", "output_index": 0, "item": {"id": "ws_1", "type": "web_search_call", "status": "in_progress"}}, "response.output_item.added")
    s.event({"type": "response.web_search_call.searching", "output_index": 0, "item_id": "ws_1"}, "response.web_search_call.searching", step=400)
    s.event({"type": "response.web_search_call.completed", "output_index": 0, "item_id": "ws_1"}, "response.web_search_call.completed", step=1200)
    s.event({"type": "response.output_item.done", "output_index": 0, "item": {"id": "ws_1", "type": "web_search_call", "status": "completed", "action": {"type": "search", "query": answer["query"]}}}, "response.output_item.done")
    s.event({"type": "response.output_item.added", "output_index": 1, "item": {"id": "msg_2", "type": "message", "role": "assistant", "content": []}}, "response.output_item.added")
    text, todo = linked(answer)
    sent = ""
    # The model's tokens end where its link does: the annotation comes right after them, before
    # any text that follows.
    cuts = [0] + [end for _, _, end in todo] + [len(text)]
    for piece in [p for a, b in zip(cuts, cuts[1:]) for p in pieces(text[a:b])]:
        sent += piece
        s.event({"type": "response.output_text.delta", "item_id": "msg_2", "output_index": 1, "content_index": 0, "delta": piece}, "response.output_text.delta")
        while todo and todo[0][2] <= len(sent):
            source, start, end = todo.pop(0)
            title, url = answer["sources"][source]
            s.event({"type": "response.output_text.annotation.added", "item_id": "msg_2", "output_index": 1, "content_index": 0,
                     "annotation_index": 4 - len(todo), "annotation": {"type": "url_citation", "start_index": start, "end_index": end, "url": url + "?utm_source=openai", "title": title}},
                    "response.output_text.annotation.added")
    s.event({"type": "response.output_text.done", "item_id": "msg_2", "output_index": 1, "content_index": 0, "text": sent}, "response.output_text.done")
    s.event({"type": "response.completed", "response": {"id": "resp_2", "status": "completed", "usage": {"input_tokens": 40, "output_tokens": 160}}}, "response.completed")
    return s.text()


def chat_chunk(delta, model, finish=None, extra=None):
    chunk = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1764460800, "model": model,
             "choices": [{"index": 0, "delta": delta, "finish_reason": finish}]}
    chunk.update(extra or {})
    return chunk


def openai_chat(answer):
    s = Stream()
    model = "gpt-4o-search-preview"
    s.event(chat_chunk({"role": "assistant", "content": ""}, model))
    sent = ""
    todo = cited(answer)
    for piece in pieces(whole(answer)):
        sent += piece
        s.event(chat_chunk({"content": piece}, model))
        while todo and todo[0][3] <= len(sent):
            text, source, start, end = todo.pop(0)
            title, url = answer["sources"][source]
            s.event(chat_chunk({"annotations": [{"type": "url_citation", "url_citation": {"start_index": start, "end_index": end, "url": url, "title": title}}]}, model))
    s.event(chat_chunk({}, model, "stop", {"usage": {"prompt_tokens": 40, "completion_tokens": 120, "total_tokens": 160}}))
    s.event("[DONE]")
    return s.text()


def perplexity(answer):
    """Markers before each cited sentence's period, the sources array in every chunk."""
    s = Stream()
    model = "sonar-pro"
    results = [{"title": title, "url": url, "date": "2025-03-01"} for title, url in answer["sources"]]
    extra = {"search_results": results, "citations": [url for _, url in answer["sources"]]}
    text = answer["heading"]
    for sentence, source in answer["sentences"]:
        if source is None:
            text += sentence
        elif sentence.endswith("."):
            text += sentence[:-1] + f"[{source + 1}]."
        else:
            text += sentence + f"[{source + 1}]"
    for piece in pieces(text):
        s.event(chat_chunk({"role": "assistant", "content": piece}, model, None, extra))
    s.event(chat_chunk({}, model, "stop", dict(extra, usage={"prompt_tokens": 40, "completion_tokens": 120, "total_tokens": 160})))
    s.event("[DONE]")
    return s.text()


def anthropic(answer, research=False, midway=False):
    """Claude splits a cited answer into text blocks at each citation's edges; a cited block's
    citations_delta comes before its text. With `research`, extended thinking (its text) and a
    web search come first, as Claude streams them. With `midway`, Claude answers its first
    paragraph, says what it will look up, searches, and goes on with what it found."""
    s = Stream()
    s.event({"type": "message_start", "message": {"id": "msg_1", "type": "message", "role": "assistant", "content": [], "model": "claude-sonnet-4-5",
                                                   "usage": {"input_tokens": 900, "output_tokens": 1}}}, "message_start")
    index = 0
    if research:
        index = research_blocks(s, answer)
    blocks = [(answer["heading"], None)] + answer["sentences"]
    if midway:
        index = text_blocks(s, answer, blocks[:4] + [("\n\n" + answer["lead_in"], None)], index)
        index = search_blocks(s, answer, index)
        blocks = blocks[5:]
    index = text_blocks(s, answer, blocks, index)
    s.event({"type": "message_delta", "delta": {"stop_reason": "end_turn"}, "usage": {"output_tokens": 120}}, "message_delta")
    s.event({"type": "message_stop"}, "message_stop")
    return s.text()


def text_blocks(s, answer, blocks, index):
    """The answer's pieces as text blocks from `index`: each cited piece a block of its own with
    its citation, the text between in blocks without. Returns the next block index."""
    pending = ""
    for text, source in blocks:
        if source is None:
            pending += text
            continue
        for block_text, block_source in ([(pending, None)] if pending else []) + [(text, source)]:
            start = {"type": "text", "text": ""}
            if block_source is not None:
                start["citations"] = []
            s.event({"type": "content_block_start", "index": index, "content_block": start}, "content_block_start")
            if block_source is not None:
                s.event({"type": "content_block_delta", "index": index, "delta": {"type": "citations_delta", "citation": anthropic_citation(answer, block_text, block_source)}},
                        "content_block_delta")
            for piece in pieces(block_text):
                s.event({"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": piece}}, "content_block_delta")
            s.event({"type": "content_block_stop", "index": index}, "content_block_stop")
            index += 1
        pending = ""
    if pending:
        s.event({"type": "content_block_start", "index": index, "content_block": {"type": "text", "text": ""}}, "content_block_start")
        for piece in pieces(pending):
            s.event({"type": "content_block_delta", "index": index, "delta": {"type": "text_delta", "text": piece}}, "content_block_delta")
        s.event({"type": "content_block_stop", "index": index}, "content_block_stop")
        index += 1
    return index


def anthropic_citation(answer, text, source):
    """A document's characters for the first source, its pages for the fourth, a web result for the others."""
    title, url = answer["sources"][source]
    if source == 0:
        return {"type": "char_location", "cited_text": text[:40], "document_index": 0, "document_title": title, "start_char_index": 120, "end_char_index": 260}
    if source == 3:
        return {"type": "page_location", "cited_text": "375", "document_index": 1, "document_title": title, "start_page_number": 12, "end_page_number": 13}
    return {"type": "web_search_result_location", "cited_text": text[:40], "url": url, "title": title, "encrypted_index": "EpMBCioIAhgB"}


def research_blocks(s, answer):
    """A thinking block (its text over 4 s), then a web search. Returns the next block index."""
    s.event({"type": "content_block_start", "index": 0, "content_block": {"type": "thinking", "thinking": ""}}, "content_block_start")
    for piece in answer["thinking"]:
        s.event({"type": "content_block_delta", "index": 0, "delta": {"type": "thinking_delta", "thinking": piece}}, "content_block_delta", step=800)
    s.event({"type": "content_block_delta", "index": 0, "delta": {"type": "signature_delta", "signature": "EqQBCgIYAhIM"}}, "content_block_delta")
    s.event({"type": "content_block_stop", "index": 0}, "content_block_stop")
    return search_blocks(s, answer, 1)


def search_blocks(s, answer, index):
    """A web search from block `index`: the server tool's query as streamed JSON, and its
    results 2 s later. Returns the next block index."""
    s.event({"type": "content_block_start", "index": index, "content_block": {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search", "input": {}}},
            "content_block_start")
    query = json.dumps({"query": answer["query"]}, ensure_ascii=False)
    for part in (query[:12], query[12:]):
        s.event({"type": "content_block_delta", "index": index, "delta": {"type": "input_json_delta", "partial_json": part}}, "content_block_delta")
    s.event({"type": "content_block_stop", "index": index}, "content_block_stop")
    results = [{"type": "web_search_result", "title": title, "url": url, "encrypted_content": "EqgfCioIAhgB", "page_age": "2025"}
               for title, url in answer["sources"][1:3]]
    s.event({"type": "content_block_start", "index": index + 1, "content_block": {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01", "content": results}},
            "content_block_start", step=2000)
    s.event({"type": "content_block_stop", "index": index + 1}, "content_block_stop")
    return index + 2


def gemini(answer):
    """groundingMetadata in the last chunk; segments in UTF-8 bytes of the whole answer; each
    web chunk titled by its domain, as Google Search grounding titles them."""
    s = Stream()
    text = whole(answer)
    for piece in pieces(text):
        s.event({"candidates": [{"content": {"parts": [{"text": piece}], "role": "model"}, "index": 0}], "modelVersion": "gemini-2.5-flash"})
    chunks = [{"web": {"uri": url, "title": url.split("/")[2].removeprefix("www.")}} for _, url in answer["sources"]]
    supports = []
    for sentence, source, start, end in cited(answer):
        byte_start = len(text[:start].encode())
        supports.append({"segment": {"startIndex": byte_start, "endIndex": byte_start + len(sentence.encode()), "text": sentence},
                         "groundingChunkIndices": [source], "confidenceScores": [0.9]})
    s.event({"candidates": [{"content": {"parts": [{"text": ""}], "role": "model"}, "finishReason": "STOP", "index": 0,
                             "groundingMetadata": {"webSearchQueries": ["التقادم الخمسي الأجرة" if text[3] > "z" else "limitation period rent Egypt"],
                                                   "groundingChunks": chunks, "groundingSupports": supports}}],
             "usageMetadata": {"promptTokenCount": 40, "candidatesTokenCount": 120, "totalTokenCount": 160}, "modelVersion": "gemini-2.5-flash"})
    return s.text()


def cohere(answer):
    s = Stream()
    s.event({"type": "message-start", "id": "c0h3r3", "delta": {"message": {"role": "assistant", "content": [], "tool_plan": "", "tool_calls": [], "citations": []}}}, "message-start")
    s.event({"type": "content-start", "index": 0, "delta": {"message": {"content": {"type": "text", "text": ""}}}}, "content-start")
    sent = ""
    todo = cited(answer)
    number = 0
    for piece in pieces(whole(answer)):
        sent += piece
        s.event({"type": "content-delta", "index": 0, "delta": {"message": {"content": {"text": piece}}}}, "content-delta")
        while todo and todo[0][3] <= len(sent):
            text, source, start, end = todo.pop(0)
            title, url = answer["sources"][source]
            s.event({"type": "citation-start", "index": number, "delta": {"message": {"citations": {
                "start": start, "end": end, "text": text, "type": "TEXT_CONTENT",
                "sources": [{"type": "document", "id": f"doc_{source}", "document": {"id": f"doc_{source}", "title": title, "url": url, "snippet": text[:30]}}]}}}},
                "citation-start")
            s.event({"type": "citation-end", "index": number}, "citation-end")
            number += 1
    s.event({"type": "content-end", "index": 0}, "content-end")
    s.event({"type": "message-end", "delta": {"finish_reason": "COMPLETE", "usage": {"billed_units": {"input_tokens": 40, "output_tokens": 120}}}}, "message-end")
    return s.text()


def ai_sdk(answer):
    """Sources arrive as parts of their own, before the text, tied to no words."""
    s = Stream()
    s.event({"type": "start", "messageId": "msg_1"})
    for number, (title, url) in enumerate(answer["sources"]):
        s.event({"type": "source-url", "sourceId": f"src_{number}", "url": url, "title": title})
    s.event({"type": "text-start", "id": "t0"})
    for piece in pieces(whole(answer)):
        s.event({"type": "text-delta", "id": "t0", "delta": piece})
    s.event({"type": "text-end", "id": "t0"})
    s.event({"type": "finish"})
    s.event("[DONE]")
    return s.text()


FORMATS = {"openai-responses": openai_responses, "openai-chat": openai_chat, "perplexity": perplexity,
           "anthropic": anthropic, "gemini": gemini, "cohere": cohere, "ai-sdk": ai_sdk}
# Not one of the formats each test reads the same way: its sentences carry their own links.
EXTRA = {"openai-web-search": openai_web_search, "anthropic-search-midway": lambda answer: anthropic(answer, midway=True)}

if __name__ == "__main__":
    os.makedirs("Examples/citations", exist_ok=True)
    for name, make in FORMATS.items():
        for language, answer in ANSWERS.items():
            with open(f"Examples/citations/{name}-{language}.sse", "w") as out:
                out.write(make(answer))
    for language, answer in ANSWERS.items():
        with open(f"Examples/citations/anthropic-research-{language}.sse", "w") as out:
            out.write(anthropic(answer, research=True))
        for name, make in EXTRA.items():
            with open(f"Examples/citations/{name}-{language}.sse", "w") as out:
                out.write(make(answer))
    print(f"wrote {(len(FORMATS) + 1 + len(EXTRA)) * len(ANSWERS)} fixtures to Examples/citations/")
