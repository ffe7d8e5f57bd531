/**
 * The engine as its front ends see it: open a recording, index it with progress, describe its
 * tables and views, and read an indexed table a block at a time. The command line, the notebooks'
 * helper and the benchmarks use this package, the JDBC driver ({@code org.profq.engine.jdbc}) and
 * the reports ({@code org.profq.engine.report}); the other packages of the engine are its rooms,
 * free to change.
 */
package org.profq.engine.api;
