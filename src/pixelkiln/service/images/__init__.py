"""Single images, edits and inpainting (families J and K): generate, edit and inpaint
use cases, their costs and the job handler that runs the background ones."""
