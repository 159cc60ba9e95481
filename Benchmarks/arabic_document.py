#!/usr/bin/env python3
"""Writes an Arabic legal document of at least N KB: the bundled lease's clauses, numbered and
repeated, with the vocalized sample between rounds — the same text the Swift benchmarks build
(Workloads.arabicDocument).

usage: python3 Benchmarks/arabic_document.py KB OUT.md"""
import os, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def arabic_document(size):
    def example(name):
        with open(os.path.join(ROOT, "Examples", name), encoding="utf-8") as f:
            return f.read()
    clauses = ["## " + part for part in example("ar-lease.md").split("\n## ")[1:]]
    vocalized = example("ar-vocalized.md")
    text = "# عقد إيجار وحدة تجارية (نسخة مطولة)\n\n"
    n = 1
    while len(text.encode()) < size:
        for clause in clauses:
            if len(text.encode()) >= size:
                break
            text += clause.replace("## ", f"## ({n}) ") + "\n\n"
            n += 1
        text += vocalized + "\n\n"
    return text


if __name__ == "__main__":
    with open(sys.argv[2], "w", encoding="utf-8") as out:
        out.write(arabic_document(int(sys.argv[1]) * 1024))
