"""``pixelkiln mcp``: every family as Model Context Protocol tools, for assistants and
editors, on the official Python SDK (``mcp``).

- :mod:`.tools`: the tool table (one entry per operation, schemas from the contract);
- :mod:`.backend`: embedded (this process's service) or remote (``--url``/``--key``);
- :mod:`.calls`: submit, wait with progress, read, answer with images and links;
- :mod:`.results`: finding the images in any answer;
- :mod:`.files`: ``save_to`` under the configured root;
- :mod:`.catalog`: resources (llms.txt, the gallery, the balance) and prompts;
- :mod:`.server`: the SDK server over stdio or streamable HTTP.
"""
