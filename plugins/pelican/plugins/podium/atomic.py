"""Pelican's own pages and feeds, written atomically, and a refused write in one line.

Pelican's writer opens each page at its destination and writes into it, so
a build killed half-way leaves a torn page, and a full disk ends ``pelican``
with a traceback.  :class:`AtomicWriter` (given to Pelican through
``signals.get_writer``) renders every page and feed exactly as Pelican's
writer does, into a staging folder inside the output (``.podium-writing-<pid>``,
so that the files can be hard-linked) and then puts each one at its place
with :func:`.output.place`: by rename, over the old file, never through a
symbolic link.  Made once per build, before anything is written, it marks
the output as being written (:data:`UNFINISHED`, cleared when the build is
over, :func:`finish`); a build that finds the mark of one that never
finished first removes what it left (:func:`remove_leftovers`).  A page Pelican decides not to overwrite is left where it is.

Pelican copies static files (the theme's, ``STATIC_PATHS``) with
``shutil.copyfile``, which writes through a symbolic link at the
destination: before it copies, :func:`unlink_static_links` removes every
symbolic link where a static file will land (the file itself or a folder
on its way, and anything below the theme's folder), so nothing outside the
output is ever written.  A copy killed half-way is made again, whole, by
the next build (Pelican copies static files on every build).

A write the system refuses (a full disk, a read-only folder, an I/O error)
ends the build with one line, ``cannot write the site: <reason> (<path>)``,
through a ``SystemExit`` as the rest of the plugin does.
"""

from __future__ import annotations

import glob
import os
import shutil

from pelican.writers import Writer

from . import lock, output

STAGING_PREFIX = ".podium-writing-"
UNFINISHED = ".podium-unfinished"  # in the output while a build writes into it


def reason(exc: OSError) -> str:
    """What the system said, and about which path: ``No space left on device (out/a.html)``."""
    where = f" ({exc.filename})" if exc.filename else ""
    return f"{exc.strerror or exc}{where}"


def cannot_write(exc: OSError) -> str:
    """The one line that ends a build whose write the system refused."""
    return f"cannot write the site: {reason(exc)}"


def remove_leftovers(output_path: str) -> None:
    """What a killed build left in ``output_path``: staging folders, and the
    temporary files of :mod:`.output` (``.<name>.<...>.podium-tmp``) that were
    never renamed into place."""
    for stale in glob.glob(os.path.join(glob.escape(output_path), STAGING_PREFIX + "*")):
        shutil.rmtree(stale, ignore_errors=True)
    for folder, _dirs, files in os.walk(output_path):
        for name in files:
            if name.startswith(".") and name.endswith(output.TEMPORARY_SUFFIX):
                os.unlink(os.path.join(folder, name))


def begin(output_path: str) -> None:
    """A build starts writing into ``output_path``: what an unfinished one left
    is removed, and the output is marked as being written until :func:`finish`."""
    mark = os.path.join(output_path, UNFINISHED)
    if os.path.lexists(mark):
        remove_leftovers(output_path)
    os.makedirs(output_path, exist_ok=True)
    os.close(os.open(mark, os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW, 0o644))


def finish(pelican) -> None:
    """``finalized``: the build wrote everything; its output is no longer marked as being written."""
    try:
        os.unlink(os.path.join(os.path.abspath(pelican.output_path), UNFINISHED))
    except FileNotFoundError:
        pass


class AtomicWriter(Writer):
    """Pelican's :class:`~pelican.writers.Writer`, every file landing by rename."""

    def __init__(self, output_path, settings=None):
        super().__init__(output_path, settings=settings)
        self.staging = os.path.join(os.path.abspath(output_path), f"{STAGING_PREFIX}{os.getpid()}")
        begin(os.path.abspath(output_path))

    def write_file(self, name, template, context, *args, **kwargs):
        return self._staged(super().write_file, name, template, context, *args, **kwargs)

    def write_feed(self, *args, **kwargs):
        return self._staged(super().write_feed, *args, **kwargs)

    def _staged(self, write, *args, **kwargs):
        """``write`` into the staging folder, then every file it made into place."""
        final = self.output_path
        try:
            os.makedirs(self.staging, exist_ok=True)
            self.output_path = self.staging
            try:
                result = write(*args, **kwargs)
            finally:
                self.output_path = final
            for folder, _dirs, files in os.walk(self.staging):
                for name in sorted(files):
                    source = os.path.join(folder, name)
                    output.place(os.path.abspath(final), os.path.relpath(source, self.staging), source)
            return result
        except OSError as exc:
            lock.release_all()  # the build ends here: another may write into the output
            raise SystemExit(cannot_write(exc)) from None
        finally:
            shutil.rmtree(self.staging, ignore_errors=True)


def _unlink_links_on_the_way(output_path: str, relative: str) -> None:
    """Remove the symbolic links at ``output_path/relative`` and at every folder on its way."""
    current = output_path
    for part in relative.replace(os.sep, "/").split("/"):
        if part in ("", "."):
            continue
        current = os.path.join(current, part)
        if os.path.islink(current):
            os.unlink(current)
        elif not os.path.isdir(current):
            return


def unlink_static_links(generator) -> None:
    """``static_generator_finalized``: no symbolic link where Pelican will copy a static file."""
    output_path = os.path.abspath(generator.output_path)
    if not os.path.isdir(output_path):
        return
    theme = generator.settings.get("THEME_STATIC_DIR", "theme")
    _unlink_links_on_the_way(output_path, theme)
    for folder, dirs, files in os.walk(os.path.join(output_path, theme)):
        for name in dirs + files:
            if os.path.islink(os.path.join(folder, name)):
                os.unlink(os.path.join(folder, name))
    for static in generator.context.get("staticfiles", ()):
        _unlink_links_on_the_way(output_path, static.save_as)


def get_writer(pelican):
    """``get_writer``: Pelican writes its pages and feeds with :class:`AtomicWriter`."""
    return AtomicWriter
