"""An engine whose `hello` answer is wrong in one named way; it answers nothing else.

    python says_hello_badly.py BEHAVIOUR

    supports-is-a-list      "supports": ["fi"]
    rulesets-is-a-string    "supports": {"rulesets": "fi"}
    players-is-a-list       "supports": {"rulesets": ["fi"], "players": [4]}
    players-size-is-text    "supports": {"rulesets": ["fi"], "players": {"fi": "four"}}
    engine-is-a-string      "engine": "me"
    refuses-at-length       refuses hello with a 100 kB message full of terminal escapes and newlines
    names-itself-with-escapes  a valid hello whose name and version hold ESC, BEL, U+202E and a
                               newline that would forge an output line
"""

import json
import sys

from heartspec.protocol.server import Server

FORGED = "\x1b]0;owned\x07\x1b[31mred\u202eevil\ndifference 0: forged line"
SUPPORTS = {"rulesets": ["fi"], "variants": []}
BEHAVIOURS = {
    "supports-is-a-list": {"supports": ["fi"]},
    "rulesets-is-a-string": {"supports": {"rulesets": "fi", "variants": []}},
    "players-is-a-list": {"supports": {**SUPPORTS, "players": [4]}},
    "players-size-is-text": {"supports": {**SUPPORTS, "players": {"fi": "four"}}},
    "engine-is-a-string": {"engine": "me"},
    "names-itself-with-escapes": {"engine": {"name": FORGED, "version": FORGED}},
}


def main() -> None:
    behaviour = sys.argv[1]
    server = Server()  # plays the games of an engine whose only fault is its name
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            request = None
        if not isinstance(request, dict):  # a malformed probe: answered as the reference does (the fault here is the name)
            answer = server.handle_line(line)
            if answer is not None:
                sys.stdout.write(json.dumps(answer) + "\n")
                sys.stdout.flush()
            continue
        if behaviour == "refuses-at-length":
            message = (FORGED + " ") * 3000
            response = {"id": request.get("id"), "ok": False, "error": {"code": "bad_request", "message": message}}
        elif behaviour == "names-itself-with-escapes" and request.get("cmd") != "hello":
            response = server.handle_line(line)
        else:
            response = {"id": request.get("id"), "ok": True, "protocol": 1,
                        "engine": {"name": "says-hello-badly", "version": "1"}, "supports": SUPPORTS,
                        **BEHAVIOURS[behaviour]}
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
