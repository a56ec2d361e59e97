"""Bridge between the PDF pool (pdf-pool.ts) and one warm LibreOffice listener.

Run with Debian's /usr/bin/python3 (python3-uno): uno-convert.py <uno-connection> <office-group>,
for example "pipe,name=lexpath_1" 4242. Connects (waiting for the listener to come up), prints
{"ready": true}, then converts one document per line of stdin, {"input": ".docx path",
"output": ".pdf path", "pdfa": false} (true: PDF/A-2b, for the bought document to be signed
digitally), answering {"ok": true} or {"ok": false, "error": "..."}. Exits when the listener is
gone, so the pool restarts both.

It is also the listener's watchdog: stdin is a pipe whose only writer is the server, so it
closes when the server dies, however it dies (SIGKILL, the OOM killer), and then the bridge kills
the listener's process group (<office-group>, the `soffice` launcher and soffice.bin) and exits.
A thread reads stdin, so this holds while a conversion runs or LibreOffice hangs; SIGKILL stops
even a stopped or hung LibreOffice (what it leaves in /tmp, the next server removes). The pool
starts the bridge in a process group of its own, so a kill of the server's whole group does not
take the watchdog with it.
"""

import json
import os
import queue
import signal
import sys
import threading
import time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.lang import DisposedException

CONNECT_TIMEOUT_SECONDS = 60


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


def connect(connection):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local
    )
    deadline = time.monotonic() + CONNECT_TIMEOUT_SECONDS
    while True:
        try:
            context = resolver.resolve(f"uno:{connection};urp;StarOffice.ComponentContext")
            return context.ServiceManager.createInstanceWithContext(
                "com.sun.star.frame.Desktop", context
            )
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def convert(desktop, source, target, pdfa=False):
    # Never run macros nor fetch linked content: the documents come from uploads.
    document = desktop.loadComponentFromURL(
        uno.systemPathToFileUrl(source),
        "_blank",
        0,
        (prop("Hidden", True), prop("ReadOnly", True), prop("MacroExecutionMode", 0),
         prop("UpdateDocMode", 0)),
    )
    if document is None:
        raise RuntimeError("LibreOffice could not open the document")
    try:
        # Review comments never go to the PDF, neither as annotations nor in the margin (the
        # pool strips them first; this holds for anything the strip does not know).
        filter_data = (prop("ExportNotes", False), prop("ExportNotesInMargin", False))
        if pdfa:
            # 2 = PDF/A-2b: fonts embedded, XMP claiming part 2 conformance B.
            filter_data += (prop("SelectPdfVersion", 2),)
        # FilterData must travel typed as a sequence of PropertyValue: a plain tuple arrives as
        # a sequence of any, which the PDF filter ignores without a word (uno.Any needs
        # uno.invoke to keep its type).
        typed = uno.Any("[]com.sun.star.beans.PropertyValue", filter_data)
        uno.invoke(
            document,
            "storeToURL",
            (
                uno.systemPathToFileUrl(target),
                (prop("FilterName", "writer_pdf_Export"), prop("FilterData", typed)),
            ),
        )
    finally:
        document.close(True)


def reply(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def watch_server(requests, office_group):
    """Passes stdin's lines on; at its end (the server gone) kills the listener and exits."""
    for line in sys.stdin:
        requests.put(line)
    try:
        os.killpg(office_group, signal.SIGKILL)
    except OSError:
        pass  # already gone
    os._exit(0)


def main():
    requests = queue.Queue()
    # Before connecting: a server killed while LibreOffice starts stops it too.
    threading.Thread(
        target=watch_server, args=(requests, int(sys.argv[2])), daemon=True
    ).start()
    desktop = connect(sys.argv[1])
    reply({"ready": True})
    while True:
        request = json.loads(requests.get())
        try:
            convert(desktop, request["input"], request["output"], request.get("pdfa", False))
            reply({"ok": True})
        except DisposedException as error:
            reply({"ok": False, "error": f"listener gone: {error}"})
            sys.exit(1)
        except Exception as error:  # reported to the pool, which decides what to do
            reply({"ok": False, "error": str(error)})


if __name__ == "__main__":
    main()
