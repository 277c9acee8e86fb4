// The answer queue of the attempt on this device, woken when the question screen opens, when the
// network returns and when the page is shown again; asleep while the learner is on another screen.
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createAnswerQueue, deviceStorage, type AnswerQueue, type QueueState } from './answer-queue';
import { saveAnswers } from './api/save-answers';

export function useAnswerQueue(attemptId: number, serverLastSeq: number): [AnswerQueue, QueueState] {
  const [queue] = useState(() => {
    const created = createAnswerQueue({ attemptId, send: saveAnswers, storage: deviceStorage() });
    created.continueAfter(serverLastSeq);
    return created;
  });

  useEffect(() => {
    const online = () => queue.setOnline(true);
    const offline = () => queue.setOnline(false);
    const shown = () => {
      if (document.visibilityState === 'visible') queue.wake();
    };
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    document.addEventListener('visibilitychange', shown);
    queue.setOnline(navigator.onLine);
    queue.wake();
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      document.removeEventListener('visibilitychange', shown);
      queue.sleep();
    };
  }, [queue]);

  return [queue, useSyncExternalStore(queue.subscribe, queue.getState)];
}
