"""Mutation analysis (`jtc mutate`): mutants of the classes under test, made and run by the Java
mutation runner (java-agent/src/mutate), scored per class, per suite folder and for their union."""
