(in-package :greet)
(defun last-loaded () t)
