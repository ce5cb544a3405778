#!/usr/bin/env python3
"""Writes a man page (roff) from a program's own --help text, so the page
and --help never say different things: the build runs the program and
converts what it prints.

Usage: help-to-man.py --name PAGE --summary TEXT --version V --out FILE
                      [--see-also PAGE,...] -- PROGRAM [ARG...]

Two layouts of help text are understood:
- mstmm's (app/cli/main.cpp): a command's forms indented by 2 spaces (their
  continuation lines deeper), its explanation by exactly 6;
- Qt's QCommandLineParser (mstmm-studio): "Usage: ...", a description line,
  then "Options:" and "Arguments:" with one entry a line.
"""

import argparse
import re
import subprocess
import sys


def escape(text):
    """Roff-safe text: backslashes and hyphens escaped, no line starting
    with a control character."""
    text = text.replace("\\", "\\e").replace("-", "\\-")
    return "\\&" + text if text.startswith((".", "'")) else text


def cli_page(lines, program):
    """mstmm's layout: blocks of forms (no-fill) then their explanation
    (filled). One command's help is its SYNOPSIS and DESCRIPTION; the tool's
    whole help is a SYNOPSIS and one COMMANDS section of such blocks."""
    body = [l for l in lines if l.strip()]
    head = body.pop(0)[len("usage:"):].strip() if body and body[0].startswith("usage:") else ""
    if body and body[0].strip() == "commands:":
        body.pop(0)
    out = [".SH SYNOPSIS", ".B " + escape(head), ".SH COMMANDS"] if head else [".SH SYNOPSIS"]
    mode = None
    for line in body:
        explanation = line.startswith("      ") and not line.startswith("       ")
        if explanation:
            if mode != "text":
                out += [".fi", ".RS 4"] if head else [".fi", ".SH DESCRIPTION"]
                mode = "text"
            out.append(escape(line.strip()))
            continue
        if mode == "text":
            out += [".RE", ".PP"] if head else [".PP"]
        if mode != "forms":
            out += [".nf"]
            mode = "forms"
        form = line[2:] if line.startswith("  ") else line
        first = not form.startswith(" ")
        if first and not form.startswith("--"):
            form = program + " " + form
        out.append(("\\fB" + escape(form) + "\\fR") if first else escape(form))
    if mode == "text" and head:
        out.append(".RE")
    elif mode == "forms":
        out.append(".fi")
    return out


def qt_page(lines, program):
    """QCommandLineParser's layout: usage, description, options, arguments."""
    usage = lines[0][len("Usage:"):].split(None, 1)  # the program as started, then its arguments
    out = [".SH SYNOPSIS", ".B " + escape(" ".join([program] + usage[1:]))]
    section = None
    for line in lines[1:]:
        if not line.strip():
            continue
        if line in ("Options:", "Arguments:"):
            section = line[:-1].upper()
            out.append(".SH " + section)
            continue
        if section is None:
            out += [".SH DESCRIPTION", escape(line.strip())]
            section = "DESCRIPTION"
            continue
        entry = re.match(r"^  (\S.*?)\s{2,}(\S.*)$", line)
        if entry:
            out += [".TP", "\\fB" + escape(entry.group(1)) + "\\fR", escape(entry.group(2))]
        else:  # a wrapped explanation continues
            out.append(escape(line.strip()))
    return out


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--name", required=True)
    parser.add_argument("--summary", required=True)
    parser.add_argument("--version", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--see-also", default="")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    text = subprocess.run(command, check=True, capture_output=True, text=True,
                          env={"QT_QPA_PLATFORM": "offscreen", "PATH": "/usr/bin:/bin"}).stdout
    lines = text.rstrip("\n").split("\n")
    program = command[0].rsplit("/", 1)[-1]
    page = [
        '.TH "%s" 1 "" "%s %s" "MSTMM Studio"' % (args.name.upper(), program, args.version),
        ".SH NAME",
        escape(args.name) + " \\- " + escape(args.summary),
    ]
    page += qt_page(lines, program) if lines[0].startswith("Usage:") else cli_page(lines, program)
    page += [".SH FILES",
             "Under the installation's prefix (/usr for the Debian package, /usr/local by default):",
             ".TP", escape("share/mstmm-studio/examples"), "example models, each runnable as it is;",
             ".TP", escape("share/doc/mstmm-studio"),
             escape("README.md, and the formats and methods (model-format.md, results-format.md, equations.md).")]
    if args.see_also:
        refs = [r for r in args.see_also.split(",") if r and r != args.name]
        page += [".SH SEE ALSO", ",\n".join("\\fB" + escape(r) + "\\fR(1)" for r in refs)]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(page) + "\n")


if __name__ == "__main__":
    sys.exit(main())
