"""Many classes in one `jtc generate`: targets from packages or a whole classpath entry, parallel
worker processes, an incremental cache, progress, a summary table and a JSON report."""
