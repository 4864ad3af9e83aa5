"""`--ask`: a person judges the outcome each test observed; the answers are kept in a file."""
