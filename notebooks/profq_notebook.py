"""profq from Python: query recordings over JDBC and get pandas DataFrames.

A recording (``<name>.profq``) opens through profq's JDBC driver, ``profq-jdbc.jar``, in a JVM
that JPype starts inside the Python process; every query's rows come back as a DataFrame::

    import profq_notebook as pq
    recording = pq.record("profq.samples.Allocations")      # ./profq record, into the working directory
    with pq.connect(recording) as db:
        db.views()                                           # the profile views, with what each answers
        db.sql("SELECT signature, bytes FROM heap_by_method ORDER BY bytes DESC")

Several recordings open in one connection as schemas, for comparison::

    with pq.connect(a="small.profq", b="large.profq") as db:
        db.sql("SELECT * FROM a.time_by_method JOIN b.time_by_method USING (signature)")

Needs Debian's ``python3-jpype`` and ``python3-pandas`` (or JPype1 and pandas from elsewhere), a
JDK 17 or later (``JAVA_HOME``, or the one JPype finds), and the driver jar, found in this order:
the ``jar=`` argument of :func:`connect`, the ``PROFQ_JDBC_JAR`` environment variable, then
``query-engine/target/profq-jdbc.jar`` in the profq checkout (``PROFQ_HOME``, by default the
directory above this file's).
"""

import os
import shlex
import shutil
import subprocess
from pathlib import Path

import pandas

__all__ = ["connect", "record", "find_jar", "start_jvm", "samples_classpath", "Connection"]

#: The profq checkout: the directory that holds the ``profq`` launcher and the module folders.
HOME = Path(os.environ.get("PROFQ_HOME") or Path(__file__).resolve().parent.parent)

_BUILD_HINT = "./mvnw -q package -DskipTests in " + str(HOME)
# Debian's JPype 1.4 finds its own support classes only on the class path.
_DEBIAN_JPYPE_JAR = Path("/usr/share/java/org.jpype.jar")
# The JIT setting of the ./profq launcher (see its comment): C2 ten times later. A notebook's
# queries are, like the shell's, much code run a few thousand times, which C2 compiles for
# nothing on the core the query needs; a long query still reaches C2 within milliseconds.
_JIT_OPTIONS = ["-XX:Tier4InvocationThreshold=50000", "-XX:Tier4MinInvocationThreshold=6000",
                "-XX:Tier4CompileThreshold=150000", "-XX:Tier4BackEdgeThreshold=400000"]


def find_jar(jar=None):
    """The driver jar: ``jar`` if given, else ``$PROFQ_JDBC_JAR``, else the checkout's build.

    Raises FileNotFoundError, saying how to build it, when the jar chosen does not exist.
    """
    chosen = jar or os.environ.get("PROFQ_JDBC_JAR") or HOME / "query-engine" / "target" / "profq-jdbc.jar"
    chosen = Path(chosen).expanduser().resolve()
    if not chosen.is_file():
        raise FileNotFoundError(
            f"profq-jdbc.jar not found at {chosen}; build it with ./mvnw -q -pl query-engine -am package "
            f"-DskipTests in {HOME}, or pass jar=PATH (or set PROFQ_JDBC_JAR).")
    return chosen


def start_jvm(jar=None):
    """Starts the JVM with the driver jar on its class path, once per Python process.

    JPype can start one JVM per process and fixes its class path then: a later call does
    nothing, and fails if the running JVM was started without profq's driver. Options in
    ``$PROFQ_JAVA_OPTS`` (such as ``-Xmx4g``) are given to the JVM, as the launcher does.
    """
    import jpype

    if jpype.isJVMStarted():
        try:
            jpype.JClass("org.profq.engine.jdbc.ProfqDriver")
        except TypeError as missing:
            raise RuntimeError("the JVM in this Python process was started without profq-jdbc.jar; "
                               "restart the kernel and call profq_notebook.connect first") from missing
        return
    classpath = [str(find_jar(jar))]
    if _DEBIAN_JPYPE_JAR.is_file():
        classpath.append(str(_DEBIAN_JPYPE_JAR))
    jpype.startJVM(*_JIT_OPTIONS, *shlex.split(os.environ.get("PROFQ_JAVA_OPTS", "")), classpath=classpath)


def connect(*recordings, jar=None, lang=None, **named):
    """Opens recordings for queries; returns a :class:`Connection`.

    ``connect("run.profq")`` opens one recording as the schema ``recording`` (the default one,
    so ``SELECT * FROM heap_by_method`` needs no prefix). ``connect(a="run1.profq",
    b="run2.profq")`` opens each under its name, to join and compare (``a.heap_by_method``).
    ``lang="profq"`` lets :meth:`Connection.sql` take profq's profiling language as well as SQL
    (``"heap by method top 5"``).
    """
    if recordings and named or len(recordings) > 1 or not (recordings or named):
        raise ValueError("give one recording, or name each of several: connect(a='run1.profq', b='run2.profq')")
    if recordings:
        target = str(Path(recordings[0]).expanduser().resolve())
    else:
        target = ",".join(f"{name}={Path(path).expanduser().resolve()}" for name, path in named.items())
    return Connection("jdbc:profq:" + target, jar=jar, lang=lang)


class Connection:
    """A JDBC connection to one or more recordings, answering queries with DataFrames.

    Read-only. Close it (or use ``with``) to release the recording's files.
    """

    def __init__(self, url, jar=None, lang=None):
        start_jvm(jar)
        import jpype.dbapi2 as dbapi2

        #: The connection string, ``jdbc:profq:...``.
        self.url = url
        properties = {"lang": lang} if lang else None
        #: The underlying DB-API connection (``jpype.dbapi2``); ``.connection`` is the JDBC one.
        self.dbapi = dbapi2.connect(url, driver_args=properties)

    def sql(self, query, params=()):
        """Runs one query (``?`` marks parameters, given in ``params``) and returns its rows."""
        cursor = self.dbapi.cursor()
        try:
            cursor.execute(query, params)
            labels, integers = _columns(cursor)
            frame = pandas.DataFrame.from_records(cursor.fetchall(), columns=labels)
        finally:
            cursor.close()
        # An integer column with NULLs would become floats (ids of 13 digits shown as 1.5e+12):
        # pandas' nullable integers keep them whole, with <NA> for NULL.
        for label in integers:
            if frame[label].isna().any():
                frame[label] = frame[label].astype("Int64")
        return frame

    def tables(self, types=("TABLE", "VIEW"), schema=None):
        """The tables and views (``types``), with what each holds or answers, from the driver's metadata."""
        metadata = self.dbapi.connection.getMetaData()
        rows = _rows(metadata.getTables(None, schema, "%", list(types)),
                     ["TABLE_SCHEM", "TABLE_NAME", "TABLE_TYPE", "REMARKS"])
        frame = pandas.DataFrame.from_records(rows, columns=["schema", "name", "type", "remarks"])
        return frame.sort_values(["schema", "type", "name"], ignore_index=True)

    def views(self, schema=None):
        """The profile views, each with the question it answers."""
        return self.tables(types=("VIEW",), schema=schema).drop(columns="type")

    def describe(self, name, schema=None):
        """The columns of a table or view with their types and meanings, as ``\\d name`` shows them."""
        metadata = self.dbapi.connection.getMetaData()
        rows = _rows(metadata.getColumns(None, schema, name, "%"), ["COLUMN_NAME", "TYPE_NAME", "REMARKS"])
        return pandas.DataFrame.from_records(rows, columns=["column", "type", "meaning"])

    def close(self):
        """Closes the connection; the JVM stays up for the next one."""
        self.dbapi.close()

    def __enter__(self):
        return self

    def __exit__(self, *exception):
        self.close()

    def __repr__(self):
        return f"<profq connection {self.url}>"


_JDBC_INTEGER_TYPES = {-6, 5, 4, -5}  # java.sql.Types: TINYINT, SMALLINT, INTEGER, BIGINT


def _columns(cursor):
    """The result's column names as the query gives them, and which of them are integers.

    JPype's ``cursor.description`` names columns by JDBC's getColumnName. profq's own driver
    answers it with the label, but over Avatica (``profq serve``) it is, for a column taken
    straight from a table, that table's column (``a.calls AS a_calls`` is ``calls``), as the
    JDBC specification allows; the name the query gave, the label, is what a DataFrame's reader
    expects, so it is read from the result's metadata.
    """
    metadata = cursor._resultSet.getMetaData()
    count = metadata.getColumnCount()
    labels = [str(metadata.getColumnLabel(i)) for i in range(1, count + 1)]
    integers = [labels[i - 1] for i in range(1, count + 1) if metadata.getColumnType(i) in _JDBC_INTEGER_TYPES]
    return labels, integers


def _rows(result_set, columns):
    """Reads a JDBC metadata ResultSet into a list of tuples of strings."""
    rows = []
    try:
        while result_set.next():
            rows.append(tuple(None if result_set.getString(c) is None else str(result_set.getString(c))
                              for c in columns))
    finally:
        result_set.close()
    return rows


def samples_classpath():
    """Where the checkout's sample programs (``profq.samples.*``) are built: their classes directory."""
    classes = HOME / "samples" / "target" / "classes"
    if not (classes / "profq" / "samples").is_dir():
        raise FileNotFoundError(f"the samples are not built at {classes}; build them with {_BUILD_HINT}.")
    return str(classes)


def record(main_class, *args, out=None, options=(), classpath=None, replace=False):
    """Records one run of a Java program with ``./profq record`` and returns the recording's path.

    Runs ``profq record --out OUT [options] -- java -cp CLASSPATH MAIN_CLASS ARGS`` with the
    launcher of the checkout (``$PROFQ_HOME/profq``) and the JDK of ``JAVA_HOME`` (else ``java``
    on the PATH). ``options`` are profq record's, as in a shell: ``["--events=calls:uses",
    "--track=1"]``, ``["--values=*Calc.square"]``. ``classpath`` defaults to the checkout's
    samples. ``out`` defaults to ``<simple class name>.profq``; a relative ``out`` is taken in
    ``$PROFQ_RECORDINGS_DIR``, or in the working directory when that is not set. With
    ``replace=True`` an earlier recording at ``out`` is deleted first. Prints profq's summary line; raises RuntimeError with profq's message if it fails.
    """
    launcher = HOME / "profq"
    for jar in (HOME / "cli" / "target" / "profq-cli.jar", HOME / "recorder" / "agent" / "target" / "profq-agent.jar"):
        if not jar.is_file():
            raise FileNotFoundError(f"{jar.name} not found at {jar}; build profq with {_BUILD_HINT}.")
    directory = Path(os.environ.get("PROFQ_RECORDINGS_DIR") or Path.cwd())
    out = (directory / (out or main_class.rsplit(".", 1)[-1] + ".profq")).expanduser().resolve()
    if replace and out.exists():
        if not (out / "events").is_dir():
            raise FileExistsError(f"{out} exists and is not a recording; choose another out=")
        shutil.rmtree(out)
    out.parent.mkdir(parents=True, exist_ok=True)
    java_home = os.environ.get("JAVA_HOME")
    java = str(Path(java_home) / "bin" / "java") if java_home else "java"
    command = [str(launcher), "record", "--out", str(out), *options, "--",
               java, "-cp", classpath or samples_classpath(), main_class, *map(str, args)]
    finished = subprocess.run(command, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if finished.returncode != 0 or not (out / "events").is_dir():
        raise RuntimeError(f"profq record failed (exit code {finished.returncode}): {finished.stderr.strip()}")
    summary = [line for line in finished.stderr.splitlines() if line.startswith("profq: recorded")]
    print("\n".join(summary) or f"recorded {out}")
    return out
