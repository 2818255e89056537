"""Characters (family H): creation, animation, the library and its exports.

- :mod:`.create`: the creation endpoints' checks, prices, looks and job payloads;
- :mod:`.animate`: one job per animation direction;
- :mod:`.jobs`: the job handlers (``character``, ``character_animation``);
- :mod:`.build`, :mod:`.render`: the model and look a job draws, and the drawing;
- :mod:`.library`: details, lists, deletion, tags;
- :mod:`.exports`: the spritesheet and file ZIPs and engine formats;
- :mod:`.costs`: the price list; :mod:`.quotes`: prices from a request alone;
- :mod:`.submit`: several jobs (and a fee) in one transaction;
- :mod:`.enhance`: enhanced prompts.
"""
