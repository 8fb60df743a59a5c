"""The syntax of the checked code: one traversal per module, scopes and names, signatures,
how calls bind, and the other modules of the project read on demand."""
