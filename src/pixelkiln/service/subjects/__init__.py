"""What the character, object, motion and image families share: drawing subjects into
stored files (:mod:`.drawing`) and the library of assets with many images
(:mod:`.library`: tags, animations as child assets, deletion)."""
