"""A headless Chromium driven over the DevTools protocol on a pipe (`--remote-debugging-pipe`):
fd 3 takes commands, fd 4 gives answers and events, each a JSON text ending in a NUL byte. No
network port is opened and nothing outside the standard library is needed."""

import fcntl
import json
import os
import subprocess
import tempfile
import time


class BrowserError(Exception):
    pass


class Browser:
    def __init__(self, chromium, log_path):
        self.profile = tempfile.mkdtemp(prefix="waypoint-map-")
        commands_read, self.commands = os.pipe()
        self.answers, answers_write = os.pipe()
        # Above 4, so putting one end at 3 or 4 cannot overwrite the other.
        commands_read, answers_write = (self._high(commands_read), self._high(answers_write))
        arguments = [
            "--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu", "--no-first-run",
            "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
            "--disable-sync", "--disable-dev-shm-usage", "--disable-component-update",
            "--user-data-dir=" + self.profile, "--window-size=1400,900", "about:blank",
        ]
        # The browser reads fd 3 and writes fd 4: the shell puts the pipe's ends there.
        script = f'exec "$0" "$@" 3<&{commands_read} 4>&{answers_write} {commands_read}<&- {answers_write}>&-'
        self.log = open(log_path, "w")
        self.process = subprocess.Popen(
            ["bash", "-c", script, chromium] + arguments, pass_fds=(commands_read, answers_write),
            stdout=self.log, stderr=subprocess.STDOUT)
        os.close(commands_read)
        os.close(answers_write)
        self.buffer = b""
        self.next_id = 0
        self.events = []
        self.session = None

    @staticmethod
    def _high(fd):
        high = fcntl.fcntl(fd, fcntl.F_DUPFD, 10)
        os.close(fd)
        return high

    def send(self, method, params=None, session=True, timeout=60):
        """Sends a command (to the page's session unless `session` is False) and returns its result."""
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self.commands, json.dumps(message).encode() + b"\0")
        deadline = time.time() + timeout
        while True:
            reply = self._read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise BrowserError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def _read(self, deadline):
        while b"\0" not in self.buffer:
            if time.time() > deadline:
                raise BrowserError("the browser did not answer in time")
            chunk = os.read(self.answers, 1 << 20)
            if not chunk:
                raise BrowserError("the browser closed its pipe (see its log)")
            self.buffer += chunk
        text, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(text)

    def open(self, url):
        """Opens `url` in a new page, with the runtime and network watched, and waits for its load event."""
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)["targetId"]
        self.session = self.send(
            "Target.attachToTarget", {"targetId": target, "flatten": True}, session=False)["sessionId"]
        for domain in ("Page", "Runtime", "Network", "Log"):
            self.send(domain + ".enable")
        self.events = []
        self.send("Page.navigate", {"url": url})
        deadline = time.time() + 60
        while not any(event.get("method") == "Page.loadEventFired" for event in self.events):
            self.events.append(self._read(deadline))

    def evaluate(self, expression):
        """The value of a JavaScript expression in the page (awaited when it is a promise)."""
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise BrowserError(f"{expression[:80]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    def type_into(self, selector, text):
        """Focuses the field, selects its text and types `text` over it as a paste does."""
        self.evaluate(f"(() => {{ const f = document.querySelector({json.dumps(selector)}); f.focus(); f.select(); }})()")
        if text:
            self.send("Input.insertText", {"text": text})
        else:
            self.send("Input.dispatchKeyEvent", {"type": "keyDown", "key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8})
            self.send("Input.dispatchKeyEvent", {"type": "keyUp", "key": "Backspace", "code": "Backspace", "windowsVirtualKeyCode": 8})

    def mouse(self, kind, x, y, **extra):
        self.send("Input.dispatchMouseEvent", {"type": kind, "x": x, "y": y, **extra})

    def close(self):
        try:
            self.send("Browser.close", session=False, timeout=10)
        except (BrowserError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()
