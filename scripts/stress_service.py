"""The concurrency stress through the service (issue 50): `streamshot serve --workers W`, W above
the core count, renders the stress workloads (those of `streamshot-fuzz stress`) submitted over
and over for SECONDS, with twice W jobs always queued; every job's frames and manifest must be
byte-identical to `streamshot render`'s of the same input and options, made alone first.

Usage: python3 scripts/stress_service.py [SECONDS] [WORKERS]   (debug build; defaults 300 s, 2 x cores + 1)
"""
import hashlib, http.client, json, os, shutil, subprocess, sys, tempfile, time, urllib.parse

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TOOL = os.path.join(ROOT, ".build/debug/streamshot")
# The workloads of Sources/StreamshotFuzzing/ConcurrentRenders.swift, as files and CLI options.
WORKLOADS = [
    ("Examples/ar-lease.md", "--device iphone-se --theme dark --fps 12"),
    ("Examples/en-answer.md", "--device iphone-14 --fps 12"),
    ("Examples/fa-github-extras.md", "--device ipad-11 --fps 8"),
    ("Examples/ar-code.md", "--device pixel-7 --theme dark --fps 12"),
    ("Examples/en-ar-mixed.sse", "--device android-compact --fps 12"),
    ("Examples/ar-vocalized.md", "--size 320x568 --scale 1 --fps 15 --text-size AX3"),
    ("Examples/providers/anthropic-thinking-ar.sse", "--device iphone-pro-max --fps 10"),
    ("Examples/traces/good-client.jsonl", "--fps 12"),
    ("Tests/Fuzz/stress/emoji-table.md", "--device iphone-14 --theme dark --fps 12"),
]


def digest(data):
    return hashlib.sha256(data).hexdigest()


def render_alone(path, options, out):
    subprocess.run([TOOL, "render", os.path.join(ROOT, path), "--out", out, "--fonts", os.path.join(ROOT, "Fonts")]
                   + options.split(), check=True, stdout=subprocess.DEVNULL)
    manifest = open(os.path.join(out, "manifest.json"), "rb").read()
    frames = [digest(open(os.path.join(out, frame["file"]), "rb").read()) for frame in json.loads(manifest)["frames"]]
    return digest(manifest), frames


def query(path, options):
    words = options.split()
    pairs = dict(zip((w[2:] for w in words[0::2]), words[1::2]))
    pairs["input"] = {"md": "md", "sse": "sse", "jsonl": "trace" if "/traces/" in path else "jsonl"}[path.rsplit(".", 1)[1]]
    return urllib.parse.urlencode(pairs)


class Service:
    def __init__(self, port):
        self.port = port

    def call(self, method, path, body=None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=120)
        connection.request(method, path, body=body)
        answer = connection.getresponse()
        data = answer.read()
        connection.close()
        return answer.status, data


def free_port():
    import socket
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 300
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2 * os.cpu_count() + 1
    scratch = tempfile.mkdtemp(prefix="streamshot-stress-service-")
    references = []
    for index, (path, options) in enumerate(WORKLOADS):
        references.append(render_alone(path, options, os.path.join(scratch, f"alone-{index}")))
        print(f"alone: {path} {options}: {len(references[-1][1])} frames", flush=True)
    port = free_port()
    # The server's log goes to a file: a pipe nobody reads fills at 64 KB, and then the server's
    # every log line (written from its request threads) blocks it.
    server_log = os.path.join(scratch, "serve.log")
    server = subprocess.Popen([TOOL, "serve", "--port", str(port), "--data", os.path.join(scratch, "data"), "--workers", str(workers),
                               "--max-queue", "1000", "--fonts", os.path.join(ROOT, "Fonts")], stdout=subprocess.DEVNULL,
                              stderr=open(server_log, "wb"))
    service = Service(port)
    for _ in range(300):
        try:
            if service.call("GET", "/healthz")[0] == 200:
                break
        except OSError:
            time.sleep(0.1)
    deadline = time.time() + seconds
    pending, turn, renders, frames, problems = {}, 0, 0, 0, []
    started = time.time()
    try:
        while time.time() < deadline or pending:
            while time.time() < deadline and len(pending) < 2 * workers:
                path, options = WORKLOADS[turn % len(WORKLOADS)]
                status, data = service.call("POST", "/v1/renders?" + query(path, options), open(os.path.join(ROOT, path), "rb").read())
                if status != 202:
                    problems.append(f"{path}: POST answered {status}: {data[:200]!r}")
                    break
                pending[json.loads(data)["id"]] = turn % len(WORKLOADS)
                turn += 1
            for job, index in list(pending.items()):
                status, data = service.call("GET", f"/v1/renders/{job}")
                state = json.loads(data)["status"]
                if state in ("queued", "running"):
                    continue
                del pending[job]
                path, options = WORKLOADS[index]
                if state != "succeeded":
                    problems.append(f"{path} {options}: job {job} {state}: {json.loads(data).get('error')}")
                    continue
                manifest = service.call("GET", f"/v1/renders/{job}/manifest.json")[1]
                names = [frame["file"] for frame in json.loads(manifest)["frames"]]
                got = [digest(service.call("GET", f"/v1/renders/{job}/{name}")[1]) for name in names]
                expected_manifest, expected_frames = references[index]
                renders += 1
                frames += len(got)
                if got != expected_frames:
                    first = next((i for i, (a, b) in enumerate(zip(got, expected_frames)) if a != b), min(len(got), len(expected_frames)))
                    problems.append(f"{path} {options}: job {job}: frame {first} differs from the render made alone")
                elif digest(manifest) != expected_manifest:
                    problems.append(f"{path} {options}: job {job}: the manifest differs from the render made alone")
            time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=30)
    if server.returncode not in (0, -15):
        problems.append(f"the server exited with {server.returncode}: {open(server_log, 'rb').read()[-2000:]!r}")
    print(f"stress through the service: {renders} renders ({frames} frames) with --workers {workers} in {time.time() - started:.1f} s, "
          f"{len(problems)} problem(s)")
    for problem in problems[:10]:
        print("  " + problem)
    shutil.rmtree(scratch, ignore_errors=True)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
