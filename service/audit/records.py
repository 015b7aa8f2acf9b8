"""The archive read: input paths and globs to files, files to blocks of lines, blocks to lines
numbered from 1 in their file.

A plain file is cut into blocks of about `block_size` bytes at line ends, so that a large
file is judged by several workers; a `.gz` file cannot be entered in the middle and is one
block. A file that cannot be read (missing, not gzip, cut short) is reported where it stops,
with the lines read before it, and the rest go on.
"""

from __future__ import annotations

import glob
import gzip
import os
import zlib
from collections.abc import Iterable, Iterator
from itertools import islice, pairwise
from typing import IO, NamedTuple

GZIP_SUFFIX = ".gz"
SCAN_CHUNK = 1 << 20  # bytes read at a time when looking for the blocks' line ends


class Block(NamedTuple):
    """Lines of one file: from byte `start` to `end` (None: a gzip file, read whole), the first
    of them line number `first_line`; in a gzip file cut in blocks (`blocks(..., cut_gzip)`),
    its lines from `start` to `end` (0 the first)."""

    file: str
    start: int
    end: int | None
    first_line: int


class Line(NamedTuple):
    """One line of a file, its number from 1, its bytes without the line end."""

    file: str
    number: int
    data: bytes


class Unreadable(NamedTuple):
    """A file that could not be read, or could not be read to its end: after `lines` lines
    (0: none), for `reason`."""

    file: str
    lines: int
    reason: str


def expand(inputs: Iterable[str]) -> tuple[list[str], list[Unreadable]]:
    """Each input as the files it names: a path, or a glob's matches in sorted order; each file
    once, in the order first named. An input that names no file is unreadable."""
    files: dict[str, None] = {}
    missing = []
    for pattern in inputs:
        matches = sorted(glob.glob(pattern)) if glob.has_magic(pattern) else [pattern]
        matches = [path for path in matches if not os.path.isdir(path)]
        if not matches or (matches == [pattern] and not os.path.exists(pattern)):
            missing.append(Unreadable(pattern, 0, "no such file"))
            continue
        files.update(dict.fromkeys(matches))
    return list(files), missing


def blocks(file: str, block_size: int, cut_gzip: bool = False) -> list[Block] | Unreadable:
    """`file` cut into blocks of about `block_size` bytes at line ends, or why it cannot be
    opened. A `.gz` file is one block; with `cut_gzip`, blocks of about `block_size` bytes of
    its text, by line (each block reads the file again from its start, which the reviews
    this is for dwarf; a file cut short is one block, read to where it fails)."""
    if file.endswith(GZIP_SUFFIX):
        try:
            with open(file, "rb"):
                pass
        except OSError as error:
            return Unreadable(file, 0, os.strerror(error.errno or 0) or str(error))
        if cut_gzip:
            return _gzip_blocks(file, block_size)
        return [Block(file, 0, None, 1)]
    found = []
    try:
        with open(file, "rb") as stream:
            start, line = 0, 1
            while True:
                stream.seek(start)
                end, lines = _block_end(stream, start + block_size)
                if end == start:
                    return found
                found.append(Block(file, start, end, line))
                start, line = end, line + lines
    except OSError as error:
        return Unreadable(file, 0, os.strerror(error.errno or 0) or str(error))


def _gzip_blocks(file: str, block_size: int) -> list[Block]:
    """A gzip file's blocks of about `block_size` bytes of text, by line number."""
    cuts, size, number = [0], 0, 0
    try:
        with gzip.open(file, "rb") as stream:
            for data in stream:
                number, size = number + 1, size + len(data)
                if size >= block_size:
                    cuts.append(number)
                    size = 0
    except (OSError, EOFError, zlib.error):
        return [Block(file, 0, None, 1)]  # read whole, it says where it fails
    if cuts[-1] != number:
        cuts.append(number)
    return [Block(file, start, end, start + 1) for start, end in pairwise(cuts)] or [
        Block(file, 0, None, 1)
    ]


def _block_end(stream: IO[bytes], target: int) -> tuple[int, int]:
    """From the stream's place: the offset just after the first line end at or beyond
    `target` (or the end of the file), and the lines up to it."""
    position, lines = stream.tell(), 0
    while True:
        chunk = stream.read(SCAN_CHUNK)
        if not chunk:
            return position, lines
        cut = (
            chunk.find(b"\n", max(target - position - 1, 0))
            if position + len(chunk) >= target
            else -1
        )
        if cut >= 0:
            return position + cut + 1, lines + chunk.count(b"\n", 0, cut + 1)
        lines += chunk.count(b"\n")
        position += len(chunk)


def lines(block: Block) -> Iterator[Line | Unreadable]:
    """The block's lines (a last line without its line end included), then, should the file
    fail before the block's end, what stopped it. A plain block is read whole (it is about
    `block_size` bytes); a gzip file is read line by line, however large."""
    number = block.first_line
    try:
        if block.file.endswith(GZIP_SUFFIX):
            with gzip.open(block.file, "rb") as stream:
                for data in islice(stream, block.start, block.end):
                    yield Line(block.file, number, data.removesuffix(b"\n"))
                    number += 1
            return
        with open(block.file, "rb") as stream:
            stream.seek(block.start)
            text = stream.read(block.end - block.start)
        for data in text.removesuffix(b"\n").split(b"\n") if text else ():
            yield Line(block.file, number, data)
            number += 1
    except (OSError, EOFError, zlib.error) as error:
        yield Unreadable(block.file, number - 1, _reason(error))


def _reason(error: BaseException) -> str:
    if isinstance(error, gzip.BadGzipFile):
        return f"not gzip: {error}"
    if isinstance(error, EOFError):
        return "cut short: the compressed stream ends before its end marker"
    if isinstance(error, zlib.error):
        return f"corrupt compressed data: {error}"
    if isinstance(error, OSError) and error.errno:
        return os.strerror(error.errno)
    return str(error)
