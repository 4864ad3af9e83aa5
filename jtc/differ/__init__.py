"""`jtc diff`: the behaviour of one version of classes, as generated tests state it, replayed on
another version (another classpath, or a snapshot's tests on a new one), and every difference named
by the member that changed, with the shortest test that shows it."""
