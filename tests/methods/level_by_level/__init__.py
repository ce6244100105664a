"""The level-by-level engine (the generic one): games decided level by level on a dealt deck."""
