// Every word of the learner's screens, in English and Afrikaans. The olympiad's own texts (instructions,
// declaration, questions) come from the server in the learner's language; these are the screens' own.

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

const en = {
  signOut: 'Sign out',
  signOutWaiting: (n: number) =>
    `${n} ${plural(n, 'answer has', 'answers have')} not reached the server yet. They stay on this device and are sent when you sign in here again. Sign out anyway?`,
  loading: 'Loading…',
  tryAgain: 'Try again',
  continue: 'Continue',
  stepOf: (n: number, total: number) => `Step ${n} of ${total}`,
  couldNotLoad: 'Your olympiad could not be loaded. Check that you are online and try again.',
  notEntered: 'You are not entered in this olympiad. Ask your teacher to check your entry.',
  notLearner: 'This page is for a learner who writes the olympiad, and you are not signed in as one.',
  offline: 'You are offline. Check your connection and try again.',

  instructionsTitle: 'Instructions',
  windowOpen: (from: string, to: string) => `The olympiad is open from ${from} to ${to}.`,
  windowNext: (from: string, to: string) => `The olympiad opens on ${from} and closes on ${to}.`,
  duration: (minutes: number) => `Once you start, you have ${minutes} minutes to write.`,
  closed: 'The olympiad is not open for writing now. Come back when it opens.',
  toDeclaration: 'Continue to the declaration',
  whereYouWere: 'Continue where you were',
  backToQuestions: 'Back to the questions',
  seeSummary: 'See your summary',

  recoverTitle: 'Continue on this device',
  recoverIntro:
    'You started this olympiad on another device or in another browser. To continue here, type the recovery code you wrote down before you started. The other device stops then.',
  recoveryCode: 'Recovery code',
  recoverSubmit: 'Continue here',
  recoverWrong: 'That is not your recovery code. Check what you wrote down and try again.',
  recoverLost: 'Lost your code? Ask your teacher to help you.',
  tooManyTries: 'Too many tries. Wait a minute, then try again.',

  declarationTitle: 'No cheating declaration',
  declarationAccept: 'I accept this declaration',
  declarationSubmit: 'Accept and continue',
  declarationRequired: 'Tick the box to accept the declaration.',
  declarationAcceptedAt: (when: string) => `You accepted the declaration on ${when}.`,

  pinTitle: 'Your recovery code',
  pinIntro:
    'Write this code on paper now. You need it if your phone switches off, your browser closes or you continue on another device. It is shown only once.',
  pinCodeLabel: 'Your recovery code is',
  pinConfirm: 'Type the last four characters of your code',
  pinConfirmHint: 'This shows that you have written it down.',
  pinMismatch: 'That is not the end of your code. Look at the code again.',
  pinSubmit: 'I have written it down',
  pinIssuedBefore: 'You have been given a recovery code already. Keep the one you wrote down.',
  pinNew: 'I did not write it down: give me a new code',
  pinNewNote: 'The old code stops working then.',

  detailsTitle: 'Your details',
  detailsIntro: 'Check your details and correct them if you need to: they are printed on your certificate.',
  firstName: 'First name',
  lastName: 'Surname',
  grade: 'Grade',
  gradeN: (grade: number) => `Grade ${grade}`,
  school: 'School',
  writingLanguage: 'Language of writing',
  writingLanguageHint: 'The questions are shown in this language.',
  required: 'Fill this in.',
  startNote: (minutes: number) =>
    `When you start, the clock runs for ${minutes} minutes. It does not stop when you close the page.`,
  start: 'Start the olympiad',
  startClosed: 'The olympiad is not open for writing now. Wait until it opens.',
  startPaused: 'Your school’s sitting is paused. Wait for your teacher, then start.',
  startNotOpenYet: 'Your sitting has not opened yet. Wait for the countdown.',

  lobbyTitle: 'Waiting for the start',
  lobbyOpensAt: (when: string) => `Your olympiad opens at ${when}. It starts by itself when the countdown reaches zero: keep this page open.`,
  lobbyCountdown: 'Starts in',
  lobbyPaperReady: 'The questions are on your phone, locked until the start.',
  lobbyPaperLoading: 'Getting the questions onto your phone…',
  lobbyStarting: 'Starting…',

  olympiadTitle: 'Olympiad',
  questionOf: (n: number, total: number) => `Question ${n} of ${total}`,
  previous: 'Previous',
  next: 'Next',
  flag: 'Flag for review',
  timeLeft: 'Time left',
  announce: (seconds: number) =>
    seconds === 0 ? 'Time is up.' : `${seconds / 60} ${plural(seconds / 60, 'minute', 'minutes')} left.`,
  paused: 'Paused',
  saved: 'Saved',
  saving: 'Saving…',
  offlineWaiting: (n: number) => `Offline: ${n} ${plural(n, 'answer', 'answers')} waiting`,
  pausedWaiting: (n: number) => `Paused: ${n} ${plural(n, 'answer', 'answers')} waiting`,
  pausedBanner:
    'Your school’s sitting is paused. The clock has stopped and you keep the time you had left. Wait for your teacher.',
  mapTitle: 'All questions',
  mapSummary: (answered: number, total: number) => `${answered} of ${total} answered`,
  mapAnswered: 'Answered',
  mapUnanswered: 'Not answered',
  mapFlagged: 'Flagged',
  mapButton: (n: number, answered: boolean, flagged: boolean) =>
    `Question ${n}, ${answered ? 'answered' : 'not answered'}${flagged ? ', flagged' : ''}`,
  pictureFailed: 'The picture could not be loaded.',
  finish: 'Finish',
  finishTitle: 'Finish the olympiad?',
  finishFinal: 'You cannot change your answers after you finish.',
  finishUnanswered: (n: number) => `${n} ${plural(n, 'question is', 'questions are')} not answered.`,
  finishFlagged: (n: number) => `${n} ${plural(n, 'question is', 'questions are')} flagged for review.`,
  finishAllAnswered: 'You have answered every question.',
  finishYes: 'Yes, finish',
  finishNo: 'Back to the questions',
  finishWaiting: (n: number) =>
    `${n} ${plural(n, 'answer has', 'answers have')} not reached the server yet. They are kept on this device: finish once you are online again.`,
  timeUpClosing: 'Time is up. Your last answers are being sent…',
  moduleTimeLeft: 'Module time left',
  moduleOver: 'The time for this module is over. Its answers are closed; go on with the next module.',
  stopped: {
    time_up: 'The time for this olympiad is over. Answers given after the end are not saved.',
    finished: 'You have finished this olympiad.',
    other_device:
      'Your olympiad has moved to another device, so answers given here are no longer saved. To write here again, enter your recovery code.',
    no_attempt: 'Your teacher has reset your olympiad. Start again from the instructions.',
    not_started: 'Your olympiad has not started. Start it from your details.',
    signed_out: 'You were signed out. Sign in again: your answers are kept on this device.',
    refused: 'Your answers could not be saved. Ask your teacher for help.',
  } as Record<string, string>,
  toInstructions: 'Go to the instructions',
  enterRecoveryCode: 'Enter my recovery code',

  finishedTitle: 'Finished',
  finishedByLearner: 'You have finished the olympiad.',
  finishedByClock: 'The time is up. Your answers were closed when the clock reached zero.',
  finishedAnswered: (answered: number, total: number) =>
    `You answered ${answered} of ${total} ${plural(total, 'question', 'questions')}.`,
  finishedUnsent: (n: number) =>
    `${n} ${plural(n, 'answer', 'answers')} could not be sent before the end and ${plural(n, 'was', 'were')} not saved.`,
  finishedNoMarks: 'Marks are not shown now: your teacher will tell you when the results are released.',
  finishedThanks: 'Thank you for taking part. You may sign out now.',
};

export type Words = typeof en;

const af: Words = {
  signOut: 'Teken uit',
  signOutWaiting: (n) =>
    `${n} ${plural(n, 'antwoord het', 'antwoorde het')} nog nie die bediener bereik nie. Hulle bly op hierdie toestel en word gestuur wanneer jy weer hier inteken. Teken tog uit?`,
  loading: 'Laai tans…',
  tryAgain: 'Probeer weer',
  continue: 'Gaan voort',
  stepOf: (n, total) => `Stap ${n} van ${total}`,
  couldNotLoad: 'Jou olimpiade kon nie gelaai word nie. Maak seker jy is aanlyn en probeer weer.',
  notEntered: 'Jy is nie vir hierdie olimpiade ingeskryf nie. Vra jou onderwyser om jou inskrywing na te gaan.',
  notLearner: 'Hierdie bladsy is vir ’n leerder wat die olimpiade skryf, en jy is nie as een ingeteken nie.',
  offline: 'Jy is vanlyn. Kyk na jou verbinding en probeer weer.',

  instructionsTitle: 'Instruksies',
  windowOpen: (from, to) => `Die olimpiade is oop van ${from} tot ${to}.`,
  windowNext: (from, to) => `Die olimpiade open op ${from} en sluit op ${to}.`,
  duration: (minutes) => `Sodra jy begin, het jy ${minutes} minute om te skryf.`,
  closed: 'Die olimpiade is nie nou oop vir skryf nie. Kom terug wanneer dit oopmaak.',
  toDeclaration: 'Gaan voort na die verklaring',
  whereYouWere: 'Gaan voort waar jy was',
  backToQuestions: 'Terug na die vrae',
  seeSummary: 'Sien jou opsomming',

  recoverTitle: 'Gaan op hierdie toestel voort',
  recoverIntro:
    'Jy het hierdie olimpiade op ’n ander toestel of in ’n ander blaaier begin. Om hier voort te gaan, tik die herstelkode wat jy neergeskryf het voordat jy begin het. Die ander toestel hou dan op.',
  recoveryCode: 'Herstelkode',
  recoverSubmit: 'Gaan hier voort',
  recoverWrong: 'Dit is nie jou herstelkode nie. Kyk wat jy neergeskryf het en probeer weer.',
  recoverLost: 'Jou kode verloor? Vra jou onderwyser om jou te help.',
  tooManyTries: 'Te veel pogings. Wag ’n minuut en probeer dan weer.',

  declarationTitle: 'Eerlikheidsverklaring',
  declarationAccept: 'Ek aanvaar hierdie verklaring',
  declarationSubmit: 'Aanvaar en gaan voort',
  declarationRequired: 'Merk die blokkie om die verklaring te aanvaar.',
  declarationAcceptedAt: (when) => `Jy het die verklaring op ${when} aanvaar.`,

  pinTitle: 'Jou herstelkode',
  pinIntro:
    'Skryf hierdie kode nou op papier neer. Jy het dit nodig as jou foon afskakel, jou blaaier toemaak of jy op ’n ander toestel voortgaan. Dit word net een keer gewys.',
  pinCodeLabel: 'Jou herstelkode is',
  pinConfirm: 'Tik die laaste vier karakters van jou kode',
  pinConfirmHint: 'Dit wys dat jy dit neergeskryf het.',
  pinMismatch: 'Dit is nie die einde van jou kode nie. Kyk weer na die kode.',
  pinSubmit: 'Ek het dit neergeskryf',
  pinIssuedBefore: 'Jy het reeds ’n herstelkode gekry. Hou die een wat jy neergeskryf het.',
  pinNew: 'Ek het dit nie neergeskryf nie: gee my ’n nuwe kode',
  pinNewNote: 'Die ou kode werk dan nie meer nie.',

  detailsTitle: 'Jou besonderhede',
  detailsIntro: 'Kontroleer jou besonderhede en verbeter dit as jy moet: dit word op jou sertifikaat gedruk.',
  firstName: 'Voornaam',
  lastName: 'Van',
  grade: 'Graad',
  gradeN: (grade) => `Graad ${grade}`,
  school: 'Skool',
  writingLanguage: 'Taal waarin jy skryf',
  writingLanguageHint: 'Die vrae word in hierdie taal gewys.',
  required: 'Vul dit in.',
  startNote: (minutes) =>
    `Wanneer jy begin, loop die horlosie vir ${minutes} minute. Dit stop nie as jy die bladsy toemaak nie.`,
  start: 'Begin die olimpiade',
  startClosed: 'Die olimpiade is nie nou oop vir skryf nie. Wag totdat dit oopmaak.',
  startPaused: 'Jou skool se sessie is onderbreek. Wag vir jou onderwyser en begin dan.',
  startNotOpenYet: 'Jou sessie is nog nie oop nie. Wag vir die aftelling.',

  lobbyTitle: 'Wag vir die begin',
  lobbyOpensAt: (when) => `Jou olimpiade maak om ${when} oop. Dit begin vanself wanneer die aftelling nul bereik: hou hierdie bladsy oop.`,
  lobbyCountdown: 'Begin oor',
  lobbyPaperReady: 'Die vrae is op jou foon, gesluit tot die begin.',
  lobbyPaperLoading: 'Die vrae word op jou foon gelaai…',
  lobbyStarting: 'Begin tans…',

  olympiadTitle: 'Olimpiade',
  questionOf: (n, total) => `Vraag ${n} van ${total}`,
  previous: 'Vorige',
  next: 'Volgende',
  flag: 'Merk om na te gaan',
  timeLeft: 'Tyd oor',
  announce: (seconds) => (seconds === 0 ? 'Die tyd is verby.' : `Nog ${seconds / 60} ${plural(seconds / 60, 'minuut', 'minute')}.`),
  paused: 'Onderbreek',
  saved: 'Gestoor',
  saving: 'Stoor tans…',
  offlineWaiting: (n) => `Vanlyn: ${n} ${plural(n, 'antwoord', 'antwoorde')} wag`,
  pausedWaiting: (n) => `Onderbreek: ${n} ${plural(n, 'antwoord', 'antwoorde')} wag`,
  pausedBanner:
    'Jou skool se sessie is onderbreek. Die horlosie het gestop en jy behou die tyd wat jy oor gehad het. Wag vir jou onderwyser.',
  mapTitle: 'Alle vrae',
  mapSummary: (answered, total) => `${answered} van ${total} beantwoord`,
  mapAnswered: 'Beantwoord',
  mapUnanswered: 'Nie beantwoord nie',
  mapFlagged: 'Gemerk',
  mapButton: (n, answered, flagged) => `Vraag ${n}, ${answered ? 'beantwoord' : 'nie beantwoord nie'}${flagged ? ', gemerk' : ''}`,
  pictureFailed: 'Die prent kon nie gelaai word nie.',
  finish: 'Voltooi',
  finishTitle: 'Voltooi die olimpiade?',
  finishFinal: 'Jy kan nie jou antwoorde verander nadat jy voltooi het nie.',
  finishUnanswered: (n) => `${n} ${plural(n, 'vraag is', 'vrae is')} nie beantwoord nie.`,
  finishFlagged: (n) => `${n} ${plural(n, 'vraag is', 'vrae is')} gemerk om na te gaan.`,
  finishAllAnswered: 'Jy het elke vraag beantwoord.',
  finishYes: 'Ja, voltooi',
  finishNo: 'Terug na die vrae',
  finishWaiting: (n) =>
    `${n} ${plural(n, 'antwoord het', 'antwoorde het')} nog nie die bediener bereik nie. Dit word op hierdie toestel gehou: voltooi sodra jy weer aanlyn is.`,
  timeUpClosing: 'Die tyd is verby. Jou laaste antwoorde word gestuur…',
  moduleTimeLeft: 'Moduletyd oor',
  moduleOver: 'Die tyd vir hierdie module is verby. Sy antwoorde is gesluit; gaan voort met die volgende module.',
  stopped: {
    time_up: 'Die tyd vir hierdie olimpiade is verby. Antwoorde wat ná die einde gegee word, word nie gestoor nie.',
    finished: 'Jy het hierdie olimpiade voltooi.',
    other_device:
      'Jou olimpiade het na ’n ander toestel geskuif, dus word antwoorde hier nie meer gestoor nie. Tik jou herstelkode om weer hier te skryf.',
    no_attempt: 'Jou onderwyser het jou olimpiade teruggestel. Begin weer by die instruksies.',
    not_started: 'Jou olimpiade het nog nie begin nie. Begin dit by jou besonderhede.',
    signed_out: 'Jy is uitgeteken. Teken weer in: jou antwoorde word op hierdie toestel gehou.',
    refused: 'Jou antwoorde kon nie gestoor word nie. Vra jou onderwyser om hulp.',
  },
  toInstructions: 'Gaan na die instruksies',
  enterRecoveryCode: 'Tik my herstelkode',

  finishedTitle: 'Klaar',
  finishedByLearner: 'Jy het die olimpiade voltooi.',
  finishedByClock: 'Die tyd is verby. Jou antwoorde is gesluit toe die horlosie nul bereik het.',
  finishedAnswered: (answered, total) => `Jy het ${answered} van ${total} ${plural(total, 'vraag', 'vrae')} beantwoord.`,
  finishedUnsent: (n) =>
    `${n} ${plural(n, 'antwoord', 'antwoorde')} kon nie voor die einde gestuur word nie en is nie gestoor nie.`,
  finishedNoMarks: 'Punte word nie nou gewys nie: jou onderwyser sal jou laat weet wanneer die uitslae bekend gemaak word.',
  finishedThanks: 'Dankie dat jy deelgeneem het. Jy kan nou uitteken.',
};

export const WORDS: Record<'en' | 'af', Words> = { en, af };

/** Dates and times in the learner's language, on the device's clock (for showing only). */
export function formatWhen(date: Date | null, language: 'en' | 'af'): string {
  if (!date) return '';
  return date.toLocaleString(language === 'af' ? 'af-ZA' : 'en-ZA', { dateStyle: 'long', timeStyle: 'short' });
}
