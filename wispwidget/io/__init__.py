"""Reading and writing: the JSON interchange formats, positions drawn as text, solution checking."""
