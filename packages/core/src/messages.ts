/**
 * Every user-facing text of the spec, word for word, in one place (STYLE.md §10).
 * Texts with a placeholder are functions; everything else is a plain string.
 * Texts marked "ours" are not in the spec (it says "not shown") and are our choice.
 */
export const MESSAGES = {
  /** Spec 1 §8, failed-story messages by failure stage. */
  failedStory: {
    creating_story: 'Creating story failed. The credits has been refunded.',
    generating_storyboard: 'Generating storyboard failed. The credits has been refunded.',
    generating_images: 'Generating images failed. The credits has been refunded.',
    generating_videos: 'Generating videos failed. The credits has been refunded.',
    generating_timeline: 'Generating timeline failed. Please try the recover option.',
    exporting_video: 'Exporting video failed. Please try the recover option.',
    user_exporting_video: 'Exporting video failed. Please try again.',
    other: 'Something went wrong. The credits has been refunded.',
  },

  /** Spec 1 §2, story home. */
  home: {
    createYourWay: 'Create Your Way',
    buildStoryboard: 'Build Storyboard →',
    openEditor: 'Open Editor →',
    myStoryHeading: 'My Story',
    teamHeading: 'Shared Team Story',
    teamNote:
      'Stories created by your team are here! Only solo editing for now—collab mode is on the way!',
    communityHeading: 'Community Stories',
    viewAll: 'View all',
    communityEmpty:
      'No published stories available yet. Check back soon for inspiring community stories!',
    createStory: 'Create Story',
    chooseHowToCreate: 'Choose how you want to create',
    writeAndGenerate: 'Write & Generate',
    uploadAndEdit: 'Upload & Edit',
  },

  /** Spec 1 §2, web-editing promo dialog. */
  promo: {
    title: 'Edit Seamlessly on Web',
    text: 'Enjoy a more powerful and precise video editing experience on the web.',
    button: 'OK, I Got it !',
    freeStoriesLeft: (count: number) => `${count} FREE Story Left`,
  },

  myStories: {
    empty: 'Start your storytelling journey — create your first story!',
    noPreview: 'No preview',
    recover: 'Recover',
    free: 'FREE',
    openEditor: 'Open Editor',
    delete: 'Delete',
  },

  community: {
    empty: 'No template stories available.',
    all: 'All',
  },

  /** Spec 1 §2, story preview dialog. */
  preview: {
    shareAndDownload: 'Share & Download',
    editStory: 'Edit the story',
    delete: 'Delete',
    example: 'Example',
    outOfSync: 'Published version is out of sync. Click Download to export the latest.',
    createCharacterVlog: 'Create Character Vlog →',
    createScriptToVideo: 'Create Script to Video →',
    createMusicVideo: 'Create Music Video →',
    createFromScratch: 'Create from Scratch →',
    createStory: 'Create Story →',
    /** Ours: the fallback text when the browser has no video support. */
    noVideoSupport: 'Your browser does not support the video tag.',
  },

  deleteStory: {
    title: 'Delete Story',
    text: 'Are you sure you want to delete this Story? This action cannot be undone.',
  },

  contentRestriction: {
    title: 'The following types of content cannot be used',
    items: [
      'Nudity and Sexual Content',
      'Child Exploitation and Abuse',
      'Violence and Gore',
      'Illegal Activities',
      'Hate Speech and Harassment',
    ],
    close: 'Close',
  },

  /** Spec 1 §2 share popover and §4 publish. */
  share: {
    download: 'Download',
    copyLink: 'Copy Link',
    copyLinkButton: 'Copy link',
    publish: 'Publish',
    unpublish: 'Unpublish',
    downloadMp4: 'Download MP4',
    removeWatermark: 'Remove Watermark',
    downloadZip: 'Download Zip File',
    shareTo: (platform: string) => `Share to ${platform}`,
    shareText: (handle: string, title: string | null | undefined) =>
      `Check out this story on ${handle}: ${title && title.length > 0 ? title : 'My Story'}`,
    defaultTitle: 'My Story',
    published: 'Story published',
    unpublished: 'Story unpublished',
    publishFailed: 'Failed to publish/unpublish story',
    actionFailed: (action: string) => `Failed to ${action}. Please try again.`,
    downloadFailed: 'Failed to download video',
    linkCopied: 'Link copied to clipboard',
    copyFailed: 'Failed to copy link',
    copyFailedManual: 'Failed to copy link. Please try selecting and copying manually.',
    nativeShareUnavailable:
      'Unable to share due to system restrictions, please try other sharing options.',
    noVideo: 'No video available to share',
    zipFailed: 'Failed to download all assets',
  },

  /** Spec 1 §2 thumbnail chooser and §5/§8 thumbnail and frame texts. */
  thumbnail: {
    title: 'Choose a Thumbnail (Optional)',
    restoreOriginal: 'Restore original thumbnail',
    pickCoverFrame: 'Pick Cover Frame',
    cancel: 'Cancel',
    useThisFrame: 'Use this frame',
    exportFirst: 'Please export the video first to pick a frame as thumbnail',
    exportRequired: 'Export required: Please export your story to enable frame picking.',
    updateFailed: 'Failed to update thumbnail. Please try again.',
    historyFailed: 'Failed to update thumbnail from history',
    frameFailed: 'Failed to set thumbnail from frame',
    featureUnavailable: 'This feature is currently unavailable',
    /** Ours: a thumbnail upload that is not a png, jpeg, webp or gif of 10 MB or less. */
    invalidFile: 'Please choose a png, jpeg, webp or gif image of 10 MB or less.',
  },

  /** Spec 1 §4 export overlay. */
  exportOverlay: {
    preparing: 'Preparing export...',
    exporting: 'Exporting...',
    generatingStoryboard: 'Generating storyboard...',
    processing: 'Processing...',
    complete: 'Export complete',
    failed: 'Export failed',
    downloading: 'Downloading...',
    genericError: 'An error occurred',
  },

  /** Spec 1 §5 / spec 2 §5 music URL dialog and spec 2 §8. */
  musicUrl: {
    enterUrl: 'Please enter a URL',
    invalidUrl: 'Please enter a valid URL',
    unsupportedHost: 'Please enter a URL from TikTok or Suno Music',
    cancel: 'Cancel',
    grab: 'Grab Music',
    grabbing: 'Grabbing Music...',
    preparing: 'Preparing...',
    parseFailed: 'Failed to parse music URL. Please try again.',
    parseFailedPrefix: 'modal download media failed:',
    networkError: 'Network error. Please check your connection and try again.',
    downloadFailed: 'Failed to download music file. Please try again.',
    dialogTitle: 'Use Suno/TikTok music',
    parseDialogTitle: 'Parse Music URL',
    /** Ours: the lyrics form's link entry (Suno only in that form, spec 2 §2). */
    sunoDialogTitle: 'Use Suno music',
    /** Ours: a link that is not Suno's in the lyrics form. */
    sunoOnly: 'Please enter a URL from Suno Music',
  },

  /** Spec 1 §8 toasts and thrown errors. */
  story: {
    error: (message: string) => `Error: ${message}`,
    updated: 'Story updated successfully',
    generationStarted: (id: string) => `generation started with workflow ${id}`,
    recoveryError: (message: string) => `Recovery error: ${message}`,
    exported: 'Video exported successfully',
    noStoryId: 'No story ID provided',
    /** Ours: a rename that is too long (the spec gives no text). */
    titleTooLong: (max: number) => `A title can be at most ${max} characters.`,
    getStoryFailed: 'Failed to get story',
    /** Ours: 404 for a story id that does not exist or is not visible. */
    notFound: 'Story not found',
    /** Ours: PATCH /stories/{id} without any known field. */
    /** Ours: a thumbnail must be a picture this server stores. */
    thumbnailNotOurs: 'The thumbnail must be a picture uploaded to Storyloom',
    emptyPatch: 'At least one field must be provided',
  },

  workflow: {
    canceled: 'Workflow was canceled',
    timedOut: (id: string, attempts: number) =>
      `Workflow ${id} timed out after ${attempts} attempts.`,
    parseStatusFailed: 'Failed to parse status update',
    invalidId: 'Invalid workflow ID',
    invalidIds: 'Invalid workflow IDs',
    processingTime: 'Processing typically takes 2-5 minutes.',
    renderEstimate: (minutes: number) => `~${minutes}min render, fully editable`,
    steps: ['Creating Story', 'Generating Images', 'Creating Videos'],
  },

  /** Ours: the credit balance and its refusal (spec 2 §1: credits are shown before generating). */
  credits: {
    notEnough: (needed: number, balance: number) =>
      `Not enough credits: this story needs ${needed} credits and your balance is ${balance}.`,
    balance: (balance: number) => `${balance} credits`,
    estimate: (credits: number) => `${credits} credits`,
    /** The free-story promo, word for word (spec 1 §1, spec 2 §1). */
    freeStoriesLeft: (count: number) => `${count} FREE Story Left`,
  },

  /** Spec 2 §5 and §8: creation-form validation and errors. */
  generate: {
    scriptRequired: 'Please enter a script',
    scriptTooLong: 'Script is too long',
    shortScriptWarning:
      'Looks like your voiceover script is very short — the generated video will be just about 5 seconds. Need help expanding it with AI?',
    proceedAnyway: 'Proceed Anyway',
    rewriteWithAi: 'Rewrite with AI',
    characterRequired: 'Please select a character',
    activityRequired: 'Please describe the activity',
    aspectRatioRequired: 'Please select an aspect ratio',
    titleRequired: 'Please enter a title',
    mentionRequired:
      'Please use @ to mention the character in your vlog topic (e.g., "@character is cooking dinner")',
    musicUrlRequired: 'Please provide a music URL',
    /** Ours: the music URL is present but not a URL. */
    musicUrlInvalid: 'Please provide a valid music URL',
    fixErrors: 'Please fix the errors above.',
    vlogFailed: 'Failed to generate character vlog',
    musicVideoFailed: (message: string) => `Failed to generate music video: ${message}`,
    musicVideoStarted: (id: string) => `Music video generation started with workflow ${id}`,
    uploadAudio: 'Please upload an audio file',
    selectTrending: 'Please select a song from trending songs',
    selectAudioFile: 'Please select an audio file',
    invalidAudio: 'Please select a valid audio file',
    invalidAudioExtension:
      'Please select a valid audio file (.mp3, .wav, .m4a, .aac, .ogg, .flac, .wma)',
    audioTooLarge: 'Audio file size must be 25MB or less',
    trimTooShort: (current: string) =>
      `Trimmed audio must be at least 10 seconds long. Current duration: ${current}`,
    trimTooLong: (maxSeconds: number, current: string) =>
      `Trimmed audio must be no longer than ${maxSeconds} seconds. Current duration: ${current}`,
    quickCharacterRequired: 'Please provide both an image and character name.',
    imageUploadFailed: 'Failed to upload image. Please try again.',
    mentionNeedsCharacter: 'Please select a character first to use activity suggestions.',
    noMatches: 'No matches found',
    selectCharacterFirst: 'Please select a character first',
    asmrMaterialRequired: 'Please fill in the material',
    asmrShots: (count: number) => `${count} shots`,
    /** Ours: a ratio that the chosen video type does not allow. */
    aspectRatioNotAllowed: 'This aspect ratio is not available for the chosen video type',
    storylineTooLong: 'Storyline must be 500 characters or less',
    sceneTooLong: 'Scene must be 100 characters or less',
    ideaTooLong: 'Topic must be 100 characters or less',
    chooseMusicVideoType: 'Which type of music video would you like to create?',
    uploadSong: 'Upload Your Song (Up to 25 MB)',
    /**
     * The segment step's title for the server's longest segment: the spec's text at 5 minutes;
     * ours, in the same words, for a 1-minute limit (the free limit of spec 2 §6).
     */
    selectSegmentUpTo: (maxSeconds: number) =>
      maxSeconds >= 300
        ? 'Select a Song Segment (Up to 5 minutes)'
        : maxSeconds % 60 === 0
          ? `Select a Song Segment (Up to ${maxSeconds / 60} minute${maxSeconds === 60 ? '' : 's'})`
          : `Select a Song Segment (Up to ${maxSeconds} seconds)`,
    /** Ours: a library song being fetched for its segment step. */
    preparingSong: (name: string) => `Preparing “${name}”…`,
    /** Ours: why a library song can take a while (its audio is made on first use). */
    librarySongFirstUse:
      'Library songs are made on this server the first time they are used, which can take a few minutes on a busy machine. You can pick another song meanwhile.',
    /** Ours: a music-video request field that its video type does not take. */
    fieldNotForVideoType: (field: string, videoType: string) =>
      `A ${videoType} music video does not take ${field}`,
    trendingSongs: 'Choose from trending songs',
    ideaToVideo: 'Idea to video',
    generateScript: 'Generate script',
    createScriptWithAi: 'Create Script with AI',
    trainCharacter: 'Train Character for Higher Consistency',
    allCharacters: 'All Characters',
    byTheProvider: 'By the provider',
    previewStoryboardOnWeb: 'Preview Storyboard on Web',
    unknownVoice: 'Please choose a known voice',
    /** Ours: the same character picked twice. */
    duplicateCharacter: 'The same character cannot be picked twice',
  },

  /** Spec 3 §8: the video editor. */
  editor: {
    /** Ours: a typed property value that was not applied, with the field's range. */
    valueOutOfRange: (min: number, max: number | null, multipleOf?: number) =>
      `Enter a number ${max === null ? `of at least ${min}` : `from ${min} to ${max}`}${
        multipleOf ? ` in steps of ${multipleOf}` : ''
      }`,
    invalidTracks: 'Invalid track data provided',
    invalidAssets: 'Invalid media asset data provided',
    initFailed: 'Failed to initialize timeline',
    emptyVideoTrack: 'Empty video track. Drag video or image items from Media Library.',
    emptyAudioTrack: 'Empty audio track. Drag audio items from Media Library.',
    emptyTimeline: 'Drag video/image/audio to create a new track',
    selectItem: 'Select item to edit',
    storyDetail: 'Story Detail',
    audioEditor: 'Audio Editor',
    captionEditor: 'Caption Editor',
    uploaded: 'Uploaded',
    loading: 'loading...',
    loadingVideo: 'Loading video...',
    noMusic: 'No music found',
    noCaption: 'No caption here',
    detectCaption: 'Detect Caption',
    redetectCaption: 'Redetect Caption',
    detecting: 'Detecting...',
    finalizing: 'Finalizing...',
    applyToAllCaptions: 'Apply to all captions',
    dropToUpload: (type: string) => `Drop to upload ${type}`,
    willSwitchTab: (tab: string) => `Will switch to ${tab} tab`,
    invalidFile: 'Invalid file',
    uploadError: 'Upload Error',
    gotIt: 'Got it',
    uploading: 'Uploading…',
    creatingTrackAndUploading: 'Creating track and uploading…',
    oneFileOnly: 'Only one file can be uploaded at a time. Please select a single file.',
    oneFileOnlyDrag: 'Only one file can be uploaded at a time',
    unsupportedFileType: (file: string) => `Unsupported file type: ${file}`,
    fileTooLarge: (file: string, maxMb: number) => `${file} is too large (max ${maxMb}MB)`,
    typeNotSupportedForKind: (file: string, kind: string) =>
      `${file} type not supported for ${kind}`,
    filesNotSupportedYet: (kind: 'image' | 'video' | 'audio') =>
      `${kind} files are not supported yet. Please select a supported file type.`,
    onlyMediaFiles:
      'Only image, video, and audio files are supported. Please select a supported file type.',
    onlyVideoAndImage: 'Only video and image files are allowed',
    onlyAudio: 'Only audio files are allowed',
    notAllowed: 'Not allowed',
    notSupported: 'Not supported',
    captionFailed: 'Failed to generate captions. Please try again.',
    captionFailedThrown: 'Failed to generate captions.',
    captionsDetected: (credits: number) => `Captions detected (${credits} credits)`,
    captionNotYourMedia: (url: string) => `${url} is not one of your media files`,
    captionTooManySources: (max: number) =>
      `Caption detection listens to at most ${max} different audio files at once`,
    uploadFailed: 'Upload Failed',
    unknownUploadError: 'Unknown error occurred',
    fileUploadFailed: 'File upload failed',
    uploadFailedShort: 'Upload failed',
    uploadAndSaveFailed: 'Upload and save failed',
    httpError: (status: number, text: string) => `HTTP ${status}: ${text}`,
    imageLoadFailed: 'Failed to load',
    videoInUse: 'This video is in use and cannot be deleted.',
    imageInUse: 'This image is in use and cannot be deleted.',
    assetInUse: "You can't delete this asset as it's currently in used in the timeline.",
    addAssetFailed: 'Failed to add media asset',
    removeAssetFailed: 'Failed to remove media asset',
    assetNotFoundForShot: (id: string) => `MediaAsset not found for shot ${id}`,
    renderTimeout: 'Render timeout exceeded',
    renderUnknownError: 'Unknown render error',
    renderNoUrl: 'Invalid response format, no video URL returned',
    exportCompleted: 'Export completed! Download will start soon.',
    exportFailed: 'Error during export. Check console for details.',
    failedShotStatus: 'Generation Error',
    failedShotOverlay:
      'Oops, our spell slipped! Credits refunded —you can regenerate this shot in the editor.',
    failedPlaceholder: 'Generation failed. No credit used.',
    actionVideoFailed: 'Failed to create action video',
    validationFailed: (details: string) => `Validation failed: ${details}`,
    invalidMediaUrl: 'Must be a valid media URL',
    invalidVideoUrl: 'Must be a valid video URL',
    invalidModel: 'Invalid model selected',
    /** Ours: the spec gives the bounds (3–30 s), not the words. */
    referenceDuration: 'The reference video must be 3 to 30 seconds long',
    /** Ours: the accepted types are the spec's. */
    referenceType: 'The reference video must be an mp4, webm, ogg or mov video',
    /** Ours: a character or reference that is not the user's own media on this server. */
    notYourMedia: 'Use a picture or video from your own media',
    beforeShotNotFound: (id: string) => `Before shot with ID ${id} not found`,
    afterShotNotFound: (id: string) => `After shot with ID ${id} not found`,
    shotNotFound: (id: string) => `Shot with ID ${id} not found`,
    trackNotFound: (id: string) => `Track with ID ${id} not found`,
    mediaAssetNotFound: (id: string) => `Media asset with ID ${id} not found`,
    timelineItemNotFound: (id: string) => `Timeline item with ID ${id} not found`,
    syncUnknownError: 'Unknown error',
    noDataToSync: 'No data to sync',
    syncNeedsStoryId: 'Story ID is required for sync',
    imageUpdated: 'Image Updated. Create matching clip?',
    retry: 'Retry',
    create: 'Create',
    /** Ours: refusals of the timeline engine that the spec describes without a text. */
    groupNotFound: (id: string) => `Group with ID ${id} not found`,
    notEnoughSpace: 'There is not enough free space on this track',
    invalidTrim: 'The item cannot be trimmed that far',
    invalidPosition: 'Items cannot be placed before the start of the timeline',
    notOnItemBoundary: 'Drop the item at the start or the end of another item',
    selectionNotContiguous: 'Only neighbouring items of one track can be moved together',
    invalidCaptionTiming: 'A caption must start at 0 or later and last at least one frame',
    invalidCaptionStyle: 'That caption style value is out of range',
    /** Ours: split at the playhead and caption links (not in the spec). */
    splitOutsideItem: 'Move the playhead inside an item to split it',
    captionNotLinked: 'This caption is not linked to a shot',
    captionAlreadyLinked: 'This caption is already linked to its shot',
    noShotUnderCaption: 'There is no voice-over under this caption to link it to',
    /** Ours: POST /stories/{id}/sync with a base_version older than the story's (409). */
    syncConflict: 'This story was changed in another tab. Reload to get the latest version.',
    /** Ours, in place of the spec's '200+ songs': how many songs the music search holds or found. */
    songsInLibrary: (count: number) => `${count} ${count === 1 ? 'song' : 'songs'}`,
    /** Ours: a stale tab's choices after a 409, and the edits the newer version refused. */
    reload: 'Reload',
    keepMyChanges: 'Keep my changes',
    changesNotKept: (names: readonly string[]) =>
      `Applied your changes to the newer version, except: ${names.join(', ')}`,
    changesKept: 'Applied your changes to the newer version',
  },

  /** Ours: account texts (spec: not shown). */
  user: {
    usernameFormat: 'Username must be 3 to 30 characters: lower-case letters, digits or _',
    displayNameRequired: 'Please enter a display name',
    displayNameTooLong: 'Display name must be 60 characters or less',
    passwordTooShort: 'Password must be at least 8 characters',
    invalidEmail: 'Please enter a valid email address',
    emptyUpdate: 'At least one field must be provided',
    avatarNotOurs: 'The picture must be an image uploaded to Storyloom',
  },

  /**
   * Ours: the one ownership rule (a user uses only their own media, their stories' media,
   * example stories' media and built-in content). A refusal names where the request put such
   * media, never whose it is or whether it exists.
   */
  media: {
    notUsable: (places: readonly string[]) =>
      `Use only your own media: ${places.slice(0, 5).join(', ')}${places.length > 5 ? ` and ${places.length - 5} more` : ''} ${places.length === 1 ? 'names a file' : 'name files'} you cannot use`,
    /** A render or zip of a story that names such media (stored before the rule applied). */
    notUsableInStory: 'is not one of your media files',
    tooManyNamed: 'The request names too many media files',
    tooDeep: 'The request is nested too deeply',
  },

  /** Ours: team (organization) fields; the spec shows no team forms. */
  organization: {
    nameRequired: 'Please enter a team name',
    nameTooLong: 'Team name must be 60 characters or less',
    slugFormat:
      'Team address must be 3 to 48 characters: lower-case letters, digits and single hyphens, starting and ending with a letter or digit',
    logoNotOurs: 'The logo must be an image uploaded to Storyloom',
    metadataTooLarge: 'Team details must be at most 20 fields of 500 characters',
    invalidRole: 'Role must be owner, admin or member',
  },

  /** Ours: refusals of requests beyond the service's bounds (packages/core limits). */
  limits: {
    timelineTooLong: 'The timeline is longer than the 3-hour limit',
    tooManyItems: 'The timeline has more than 10000 items',
    tooManyRequests: 'Too many requests. Please wait a moment and try again.',
    tooManyRenders: (max: number) =>
      `You already have ${max} videos rendering. Wait for one to finish, then try again.`,
    tooManyGenerations: (max: number) =>
      `You already have ${max} stories generating. Wait for one to finish, then try again.`,
    storageFull: (quotaMb: number) =>
      `Your media storage is full (${quotaMb} MB). Delete some uploads or stories, then try again.`,
    imageTooLarge: (maxPixels: number, maxSide: number) =>
      `The image is too large: at most ${Math.round(maxPixels / 1_000_000)} megapixels and ${maxSide} pixels on a side`,
    imageUnreadable: 'The image could not be read',
    forbiddenOrigin: 'Requests from other sites are not allowed',
    mediaTooLong: (maxHours: number) => `The media file is too long: at most ${maxHours} hours`,
    mediaTooManyFrames: (maxFrames: number) =>
      `The video has too many frames: at most ${maxFrames}`,
    mediaFrameTooLarge: (maxPixels: number, maxSide: number) =>
      `The video's picture is too large: at most ${Math.round(maxPixels / 1_000_000)} megapixels and ${maxSide} pixels on a side`,
    mediaSampleRate: (min: number, max: number) =>
      `The sound's sample rate must be between ${min / 1000} kHz and ${max / 1000} kHz`,
    mediaChannels: (max: number) => `The sound has too many channels: at most ${max}`,
    multipartBoundary:
      'The upload is not readable: its multipart/form-data Content-Type has no boundary',
    tooManyCaptionDetections: (max: number) =>
      `You already have ${max} caption detections running. Wait for one to finish, then try again.`,
    tooManySongAnalyses: (max: number) =>
      `You already have ${max} songs being analyzed. Wait for one to finish, then try again.`,
    workCrashedTooOften: (times: number) =>
      `This work stopped unexpectedly ${times} times and was not tried again`,
  },
  automation: {
    keyScopeMissing: (scope: string) => `This API key does not have the ${scope} scope`,
    keyRouteNotAllowed: 'API keys cannot be used for this call; sign in instead',
    keyInvalid: 'The API key is not valid or has been revoked',
    tooManyKeys: (max: number) => `You can have at most ${max} API keys. Revoke one first.`,
    tooManyWebhooks: (max: number) => `You can have at most ${max} webhooks. Delete one first.`,
    webhookHttps: 'Webhook addresses must use https',
    webhookAddress: 'Webhook addresses must be reachable on the public internet',
  },
} as const;
