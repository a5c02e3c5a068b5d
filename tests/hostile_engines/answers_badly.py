"""An engine that plays like the reference but spoils its answers in one named way.

    python answers_badly.py BEHAVIOUR [--marker=TEXT]

It answers `hello` well and each later request through the reference server
(heartspec.protocol.server), except as BEHAVIOUR says:

    nests-100000-deep    every answer after hello is valid JSON nested 100,000 deep
    answers-15-mb        every answer after hello carries a valid 15 MB string field
    echoes-wrong-id      every answer after hello echoes the id plus one
    hangs-after-hello    answers hello, then reads on and never answers again
    hangs-at-start       never answers anything (not even hello)
    spawns-and-hangs     starts a child that sleeps, then hangs after hello (both carry the marker)
    setsid-and-hangs     starts a child in a session of its own (setsid) that sleeps, then hangs after hello
    refuses-with-bidi    refuses every request after hello with a message of bidi overrides, isolates and escapes

The marker argument is only there so a test can find leftover processes by their command line.
"""

import json
import subprocess
import sys
import time

HELLO = {"ok": True, "protocol": 1, "engine": {"name": "answers-badly", "version": "1"},
         "supports": {"rulesets": ["fi"], "variants": []}}


def main() -> None:
    behaviour = sys.argv[1]
    marker = next((a for a in sys.argv[2:] if a.startswith("--marker=")), "--marker=none")
    if behaviour == "hangs-at-start":
        time.sleep(600)
    if behaviour in ("spawns-and-hangs", "setsid-and-hangs"):
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", marker],
                         start_new_session=behaviour == "setsid-and-hangs")
    server = None
    for line in sys.stdin:
        request = json.loads(line)
        if request.get("cmd") == "hello":
            answer(dict(HELLO, id=request.get("id")))
            continue
        if behaviour in ("hangs-after-hello", "spawns-and-hangs", "setsid-and-hangs"):
            time.sleep(600)
        if behaviour == "refuses-with-bidi":
            message = "evil \u202eforged\u202c \u2066isolated\u2069 \x1b[31mred\x07 \u2028second line"
            sys.stdout.write(json.dumps({"id": request.get("id"), "ok": False,
                                         "error": {"code": "bad_request", "message": message}},
                                        ensure_ascii=False) + "\n")
            sys.stdout.flush()
            continue
        if server is None:  # imported late: hello must come at once, whatever --timeout a test gives
            from heartspec.protocol.server import Server

            server = Server()
        response = server.handle_line(line)
        if behaviour == "nests-100000-deep":
            sys.stdout.write(json.dumps(response)[:-1] + ',"x":' + "[" * 100_000 + "]" * 100_000 + "}\n")
            sys.stdout.flush()
            continue
        if behaviour == "answers-15-mb":
            response["padding"] = "x" * 15_000_000
        if behaviour == "echoes-wrong-id" and isinstance(response.get("id"), int):
            response["id"] += 1
        answer(response)


def answer(response: dict) -> None:
    sys.stdout.write(json.dumps(response) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
