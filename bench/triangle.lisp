;; TRIANGLE: peg solitaire on a triangular board of 15 holes, counting the
;; ways to end with one peg (the first 300 of them, in move order), the
;; moves worked out from the board's geometry.
(defun hole (row col) (+ (/ (* row (1+ row)) 2) col))
(defun board-moves ()
  (let ((moves '()))
    (dotimes (row 5)
      (dotimes (col (1+ row))
        (dolist (d '((0 1) (1 0) (1 1) (0 -1) (-1 0) (-1 -1)))
          (let ((r2 (+ row (* 2 (first d)))) (c2 (+ col (* 2 (second d)))))
            (when (and (<= 0 r2 4) (<= 0 c2 r2))
              (push (list (hole row col) (hole (+ row (first d)) (+ col (second d))) (hole r2 c2))
                    moves))))))
    (coerce (nreverse moves) 'vector)))
(defvar *moves* (board-moves))
(defvar *board* (make-array 15 :initial-element t))
(defvar *solutions* 0)
(defvar *tries* 0)
(defun solve (pegs)
  (cond
    ((>= *solutions* 300))
    ((= pegs 1)
      (incf *solutions*))
    (t
      (loop for m across *moves*
            do (destructuring-bind (from over to) m
                 (when (and (svref *board* from) (svref *board* over) (not (svref *board* to)))
                   (incf *tries*)
                   (setf (svref *board* from) nil (svref *board* over) nil (svref *board* to) t)
                   (solve (1- pegs))
                   (setf (svref *board* from) t (svref *board* over) t (svref *board* to) nil)))))))
(setf (svref *board* 4) nil)
(solve 14)
(format t "triangle ~a ~a ~a~%" (length *moves*) *solutions* *tries*)
