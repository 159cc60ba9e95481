"""A minimal Chrome DevTools client over WebSocket (RFC 6455), standard library only, and a
headless Chromium launcher. Used by Benchmarks/chromium_peer.py and scripts/check_report.py."""
import base64, json, os, shutil, socket, struct, subprocess, time, urllib.request


class DevTools:
    """Just enough WebSocket (RFC 6455) for Chrome DevTools: masked text frames out, frames in."""

    def __init__(self, url):
        host, rest = url[len("ws://"):].split("/", 1)
        name, port = host.split(":")
        self.sock = socket.create_connection((name, int(port)))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{rest} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                           f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            response += self.sock.recv(4096)
        if b" 101 " not in response.split(b"\r\n")[0]:
            raise RuntimeError(f"DevTools handshake failed: {response[:200]!r}")
        self.buffer = response.split(b"\r\n\r\n", 1)[1]
        self.next_id = 0

    def _read(self, n):
        while len(self.buffer) < n:
            chunk = self.sock.recv(1 << 20)
            if not chunk:
                raise RuntimeError("DevTools connection closed")
            self.buffer += chunk
        data, self.buffer = self.buffer[:n], self.buffer[n:]
        return data

    def _receive(self):
        message = b""
        while True:
            head = self._read(2)
            final, length = head[0] & 0x80, head[1] & 0x7F
            if length == 126:
                length = struct.unpack(">H", self._read(2))[0]
            elif length == 127:
                length = struct.unpack(">Q", self._read(8))[0]
            message += self._read(length)
            if final:
                return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        payload = json.dumps({"id": self.next_id, "method": method, "params": params}).encode()
        mask = os.urandom(4)
        header = bytes([0x81])
        if len(payload) < 126:
            header += bytes([0x80 | len(payload)])
        elif len(payload) < 65536:
            header += bytes([0x80 | 126]) + struct.pack(">H", len(payload))
        else:
            header += bytes([0x80 | 127]) + struct.pack(">Q", len(payload))
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload)))
        while True:
            message = self._receive()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})



class Chromium:
    """Headless Chromium with DevTools on 127.0.0.1; `with Chromium(work) as tools:` gives a page's DevTools."""

    def __init__(self, work, width=1170, height=2532):
        self.binary = shutil.which("chromium") or shutil.which("chromium-browser")
        self.work, self.width, self.height = work, width, height

    def __enter__(self):
        if not self.binary:
            raise FileNotFoundError("Chromium is not installed (apt-get install chromium)")
        port = 9300 + os.getpid() % 500
        self.process = subprocess.Popen([self.binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                         "--allow-file-access-from-files", f"--remote-debugging-port={port}",
                                         "--remote-debugging-address=127.0.0.1", f"--user-data-dir={os.path.join(self.work, 'profile')}",
                                         f"--window-size={self.width},{self.height}", "about:blank"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(150):
            try:
                targets = json.load(urllib.request.urlopen(f"http://127.0.0.1:{port}/json"))
                url = next(t["webSocketDebuggerUrl"] for t in targets if t["type"] == "page")
                break
            except Exception:
                time.sleep(0.1)
        else:
            self.process.terminate()
            raise RuntimeError("Chromium's DevTools endpoint did not come up")
        tools = DevTools(url)
        tools.call("Emulation.setDeviceMetricsOverride", width=self.width, height=self.height, deviceScaleFactor=1, mobile=False)
        tools.call("Page.enable")
        return tools

    def __exit__(self, *exc):
        self.process.terminate()
        self.process.wait()


def open_page(tools, url, ready="document.readyState === 'complete'"):
    tools.call("Page.navigate", url=url)
    for _ in range(200):
        if tools.call("Runtime.evaluate", expression=ready, returnByValue=True)["result"].get("value"):
            return
        time.sleep(0.05)
    raise RuntimeError(f"{url} did not finish loading")


def evaluate(tools, expression):
    return tools.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)["result"].get("value")
